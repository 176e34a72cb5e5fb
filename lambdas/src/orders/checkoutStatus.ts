/**
 * What the payment-success page may know about a checkout: the server's invoice number and the
 * confirmed state, never customer details. Reading it settles the order first (the page can arrive
 * before the webhook), through the same routine the webhook uses.
 */
import type { ConfirmOrder } from './confirmOrder';
import { ORDER_CURRENCY, type OrderStatus } from './types';

export interface CheckoutSummary {
  readonly invoiceNumber: string;
  readonly status: OrderStatus;
  readonly amountCents: number;
  readonly currency: typeof ORDER_CURRENCY;
  /** amountCents of a line is its total: unit price × quantity. */
  readonly items: readonly { readonly name: string; readonly quantity: number; readonly amountCents: number }[];
  readonly createdAt: string;
}

export type CheckoutStatus = (sessionId: string) => Promise<CheckoutSummary | null>;

export function createCheckoutStatus(confirmOrder: ConfirmOrder): CheckoutStatus {
  return async (sessionId) => {
    const result = await confirmOrder({ sessionId, source: 'success-page' });
    if (result.kind === 'unknown-session') return null;
    const { order } = result;
    return {
      invoiceNumber: order.invoiceNumber,
      status: order.status,
      amountCents: order.totalCents,
      currency: ORDER_CURRENCY,
      items: order.lines.map(({ name, quantity, amountCents }) => ({ name, quantity, amountCents })),
      createdAt: order.createdAt,
    };
  };
}
