/**
 * The order as the payment backend keeps it. Money is integer US cents; the browser's dollar prices
 * never get this far (see orderRequest.ts).
 */
export type OrderStatus = 'pending' | 'paid' | 'failed' | 'expired';

export const ORDER_CURRENCY = 'usd';

/** randomInvoiceNumber's shape (startCheckout.ts). Kept here, in a file that imports nothing, so checking a name (fulfilment/queue.ts) loads no order code. */
export const INVOICE_NUMBER_PATTERN = /^INV-\d{8}$/;

export interface OrderLine {
  /** Catalogue id, or the browser's "custom-…" id for a custom service. */
  readonly id: string;
  readonly name: string;
  readonly unitAmountCents: number;
  readonly quantity: number;
  /** unitAmountCents × quantity */
  readonly amountCents: number;
}

export interface CustomerDetails {
  readonly fullName: string;
  readonly email: string;
  readonly phone: string;
  readonly companyName?: string;
  readonly notes?: string;
}

/** What create-payment accepts after validation: priced by the server, ready to be stored. */
export interface OrderDraft {
  readonly lines: readonly OrderLine[];
  readonly totalCents: number;
  readonly customer: CustomerDetails;
}

export interface Order extends OrderDraft {
  /** Internal id; also the idempotency key of the provider's checkout session. */
  readonly orderId: string;
  /** "INV-" + 8 digits, made by the server, unique. */
  readonly invoiceNumber: string;
  readonly status: OrderStatus;
  readonly currency: typeof ORDER_CURRENCY;
  readonly createdAt: string;
  readonly updatedAt: string;
  /** When the customer ticked the terms box: an order is placed only with it ticked. */
  readonly termsAcceptedAt: string;
  readonly checkoutSessionId?: string;
  /**
   * The order's story across functions (orderContext.ts): made with the order, sent to Stripe as
   * checkout metadata, on every log line, metric and trace about it. Absent on orders stored before it existed.
   */
  readonly correlationId?: string;
  /** Why the status last changed, e.g. "checkout.session.completed" or "provider-error". */
  readonly statusReason?: string;
  /**
   * Set to 'due' by the same write that makes the order paid, so a receipt can never be forgotten
   * (a failed send or a crash leaves it due for the reconciliation); 'sent' once it is out.
   */
  readonly receiptStatus?: 'due' | 'sent';
  /** DynamoDB TTL (epoch seconds) of an order that was never paid; removed when it is paid or held for review. */
  readonly expiresAt?: number;
  /** Set when money may have moved in a way the code cannot settle alone: a person must look. */
  readonly review?: OrderReview;
}

/** Why an order waits for a person, when, and who noticed (see OrdersStore.markForReview). */
export interface OrderReview {
  readonly why: 'amount-mismatch' | 'order-mismatch' | 'paid-after-settled' | 'mpesa-callback-mismatch';
  readonly at: string;
  readonly source: string;
}
