/**
 * create-payment's service: store the order first, then open the provider's checkout for it. The
 * order is durable before any payment can exist, so a payment can always be matched to an order,
 * whatever fails afterwards. With a payment attempt (the page's idempotency key), a repeated request
 * gets what the first one started instead of a second order (attempts.ts).
 */
import { randomInt, randomUUID } from 'node:crypto';
import type { PaymentLimitReason } from '@kesho/site-rules/payment-attempt';
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { bindOrder, newCorrelationId } from '../orderContext';
import { PaymentProviderError, ProviderRefusedDetailsError, paymentMethodOf, type PaymentsProvider } from '../payments/types';
import { sha256, type PaymentAttemptsStore } from './attempts';
import type { Admission } from './paymentLimits';
import type { OrdersStore } from './store';
import { ORDER_CURRENCY, type Order, type OrderDraft } from './types';

/** Why starting a payment (by card or M-Pesa) did not start one. */
export type PaymentStartRefusal =
  | { readonly kind: 'provider-error' }
  | { readonly kind: 'refused-details'; readonly fieldErrors: Readonly<Record<string, string>> }
  /** The key was used before for another request (another package, method or phone). */
  | { readonly kind: 'attempt-other-details' }
  /** The first request with this key is still starting the payment, past the time a repeat waits for it. */
  | { readonly kind: 'attempt-in-progress' }
  /** Over a limit on starting payments (paymentLimits.ts): nothing stored, nothing sent. */
  | { readonly kind: 'rate-limited'; readonly reason: PaymentLimitReason; readonly retryAfterSeconds: number };

export type StartCheckoutResult = { readonly kind: 'created'; readonly url: string; readonly invoiceNumber: string } | PaymentStartRefusal;

/** The page's key for one checkout attempt, and a hash of everything the request asked for. */
export interface PaymentAttempt {
  readonly key: string;
  readonly fingerprint: string;
}

/**
 * `admission` (the limits on starting payments) is asked only when a new order is about to be stored:
 * never for a repeat of an attempt, which answers what the first request started.
 */
export type StartCheckout = (draft: OrderDraft, attempt?: PaymentAttempt, admission?: Admission) => Promise<StartCheckoutResult>;

/** How long a repeat waits for the first request of its attempt (a Stripe or Daraja call takes seconds). */
export const ATTEMPT_WAIT_MS = 10_000;
const ATTEMPT_POLL_MS = 200;
/** Longer than any payment function may run (29 s): a claim this old belongs to a crashed invocation. */
export const ATTEMPT_STALE_MS = 120_000;

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
  /** Without it, every request starts a new order (the key is ignored). */
  readonly attempts?: PaymentAttemptsStore;
  readonly attemptWaitMs?: number;
  /** Orders started, and those that failed before the payer saw a payment page (OrdersStarted, OrdersFailed). */
  readonly metrics?: BusinessMetrics;
}

const pause = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export function createStartCheckout({
  orders,
  payments,
  clock,
  logger,
  newInvoiceNumber = randomInvoiceNumber,
  newOrderId = randomUUID,
  attempts,
  attemptWaitMs = ATTEMPT_WAIT_MS,
  metrics = uncountedMetrics,
}: StartCheckoutDependencies): StartCheckout {
  const method = paymentMethodOf(payments.name);
  const insertWithFreshInvoiceNumber = async (draft: OrderDraft): Promise<Order> => {
    const orderId = newOrderId();
    const correlationId = newCorrelationId();
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
        correlationId,
      };
      if ((await orders.insertOrder(order)) === 'created') return order;
      logger.warn('order.invoice_number_collision', { attempt });
    }
    throw new Error(`No free invoice number after ${MAX_INVOICE_ATTEMPTS} attempts`);
  };

  const start = async (draft: OrderDraft, admission?: Admission): Promise<StartCheckoutResult> => {
    if (admission) {
      const admitted = await admission();
      if (admitted.kind === 'rate-limited') return admitted;
    }
    const order = await insertWithFreshInvoiceNumber(draft);
    // From here every line, metric and trace of this invocation is about this order.
    bindOrder(order);
    logger.info('order.created', { invoiceNumber: order.invoiceNumber, orderId: order.orderId, totalCents: order.totalCents, lines: order.lines.length, provider: payments.name });

    let redirect;
    try {
      redirect = await payments.createCheckout(order);
    } catch (error) {
      if (!(error instanceof PaymentProviderError)) throw error;
      const refused = error instanceof ProviderRefusedDetailsError;
      metrics.count('ordersFailed', { Method: method, Reason: refused ? 'provider-refused-details' : 'provider-error' });
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
    metrics.count('ordersStarted', { Method: method });
    return { kind: 'created', url: redirect.url, invoiceNumber: order.invoiceNumber };
  };

  /** Claims the attempt and starts its payment, or answers with what its first request started. */
  const startOnce = async (draft: OrderDraft, attempt: PaymentAttempt, store: PaymentAttemptsStore, admission?: Admission): Promise<StartCheckoutResult> => {
    const keyHash = sha256(attempt.key);
    for (let waited = 0; ; waited += ATTEMPT_POLL_MS) {
      const claimedAt = clock().toISOString();
      const held = await store.claim(keyHash, attempt.fingerprint, claimedAt, new Date(clock().getTime() - ATTEMPT_STALE_MS).toISOString());
      if (held === 'claimed') {
        let result: StartCheckoutResult;
        try {
          result = await start(draft, admission);
        } catch (error) {
          await store.failed(keyHash, claimedAt).catch((storeError: unknown) => logger.error('checkout.attempt_release_failed', { error: storeError }));
          throw error;
        }
        if (result.kind === 'created') {
          // If this write fails, repeats wait and then hear "in progress" until the claim is stale.
          await store
            .started(keyHash, claimedAt, { invoiceNumber: result.invoiceNumber, url: result.url })
            .catch((error: unknown) => logger.error('checkout.attempt_record_failed', { invoiceNumber: result.invoiceNumber, error }));
        } else {
          await store.failed(keyHash, claimedAt);
        }
        return result;
      }
      if (held.fingerprint !== attempt.fingerprint) {
        logger.warn('checkout.attempt_other_details', {});
        return { kind: 'attempt-other-details' };
      }
      if (held.current.state === 'started') {
        bindOrder({ invoiceNumber: held.current.payment.invoiceNumber });
        logger.info('checkout.attempt_repeated', { invoiceNumber: held.current.payment.invoiceNumber });
        const { url, invoiceNumber } = held.current.payment;
        return { kind: 'created', url, invoiceNumber };
      }
      // The first request is still talking to the provider (or just failed and is being retried).
      if (waited >= attemptWaitMs) return { kind: 'attempt-in-progress' };
      await pause(ATTEMPT_POLL_MS);
    }
  };

  return (draft, attempt, admission) => (attempt && attempts ? startOnce(draft, attempt, attempts, admission) : start(draft, admission));
}
