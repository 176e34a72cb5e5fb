/**
 * create-payment's service: store the order first, then open the provider's checkout for it. The
 * order is durable before any payment can exist, so a payment can always be matched to an order,
 * whatever fails afterwards.
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { Logger } from '../log';
import { PaymentProviderError, ProviderRefusedDetailsError, type PaymentsProvider } from '../payments/types';
import type { OrdersStore } from './store';
import { ORDER_CURRENCY, type Order, type OrderDraft } from './types';

export type StartCheckoutResult =
  | { readonly kind: 'created'; readonly url: string; readonly invoiceNumber: string }
  | { readonly kind: 'provider-error' }
  | { readonly kind: 'refused-details'; readonly fieldErrors: Readonly<Record<string, string>> };

export type StartCheckout = (draft: OrderDraft) => Promise<StartCheckoutResult>;

export const INVOICE_NUMBER_PATTERN = /^INV-\d{8}$/;
/** With 10^8 numbers a collision is rare; five in a row means something else is wrong. */
const MAX_INVOICE_ATTEMPTS = 5;

export function randomInvoiceNumber(): string {
  return `INV-${String(randomInt(0, 100_000_000)).padStart(8, '0')}`;
}

export interface StartCheckoutDependencies {
  readonly orders: OrdersStore;
  readonly payments: PaymentsProvider;
  readonly clock: () => Date;
  readonly logger: Logger;
  readonly newInvoiceNumber?: () => string;
  readonly newOrderId?: () => string;
}

export function createStartCheckout({ orders, payments, clock, logger, newInvoiceNumber = randomInvoiceNumber, newOrderId = randomUUID }: StartCheckoutDependencies): StartCheckout {
  const insertWithFreshInvoiceNumber = async (draft: OrderDraft): Promise<Order> => {
    const orderId = newOrderId();
    const createdAt = clock().toISOString();
    for (let attempt = 1; attempt <= MAX_INVOICE_ATTEMPTS; attempt += 1) {
      const order: Order = {
        ...draft,
        orderId,
        invoiceNumber: newInvoiceNumber(),
        status: 'pending',
        currency: ORDER_CURRENCY,
        createdAt,
        updatedAt: createdAt,
        termsAcceptedAt: createdAt,
      };
      if ((await orders.insertOrder(order)) === 'created') return order;
      logger.warn('order.invoice_number_collision', { attempt });
    }
    throw new Error(`No free invoice number after ${MAX_INVOICE_ATTEMPTS} attempts`);
  };

  return async (draft) => {
    const order = await insertWithFreshInvoiceNumber(draft);
    logger.info('order.created', { invoiceNumber: order.invoiceNumber, orderId: order.orderId, totalCents: order.totalCents, lines: order.lines.length, provider: payments.name });

    let redirect;
    try {
      redirect = await payments.createCheckout(order);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const refused = error instanceof ProviderRefusedDetailsError;
      if (refused) logger.warn('checkout.provider_refused_details', { invoiceNumber: order.invoiceNumber, fields: Object.keys(error.fieldErrors) });
      else logger.error('checkout.provider_failed', { invoiceNumber: order.invoiceNumber, error, cause: error.cause });
      // The customer never saw a payment page for this order, so it can never be paid.
      await orders
        .changeStatus(order.invoiceNumber, { from: 'pending', to: 'failed', at: clock().toISOString(), reason: refused ? 'provider-refused-details' : 'provider-error' })
        .catch((storeError: unknown) => logger.error('order.mark_failed_failed', { invoiceNumber: order.invoiceNumber, error: storeError }));
      return refused ? { kind: 'refused-details', fieldErrors: error.fieldErrors } : { kind: 'provider-error' };
    }

    try {
      await orders.attachCheckoutSession(order.invoiceNumber, redirect.sessionId, clock().toISOString());
    } catch (error) {
      // The session carries the invoice number itself, so confirmation still finds the order.
      logger.warn('order.attach_session_failed', { invoiceNumber: order.invoiceNumber, sessionId: redirect.sessionId, error });
    }
    logger.info('checkout.created', { invoiceNumber: order.invoiceNumber, sessionId: redirect.sessionId });
    return { kind: 'created', url: redirect.url, invoiceNumber: order.invoiceNumber };
  };
}
