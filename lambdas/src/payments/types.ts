/**
 * The one boundary between the app and a card payment provider. The app speaks only these types;
 * stripe.ts and sandbox.ts each turn their provider's shapes into them with private reshape
 * functions, so the order logic never sees a Stripe object and either provider can stand in.
 */
import type { PaymentMethod } from '@kesho/operations/ops-events';
import type { Order } from '../orders/types';

export interface CheckoutRedirect {
  readonly sessionId: string;
  /** The provider's hosted payment page. */
  readonly url: string;
}

export type CheckoutSessionStatus = 'open' | 'complete' | 'expired';
export type CheckoutPaymentStatus = 'paid' | 'unpaid' | 'no_payment_required';

export interface CheckoutSessionState {
  readonly sessionId: string;
  readonly status: CheckoutSessionStatus;
  readonly paymentStatus: CheckoutPaymentStatus;
  readonly amountTotalCents: number | null;
  readonly currency: string | null;
  /** The invoice number the session was created for (client_reference_id). */
  readonly orderRef: string | null;
  /** The internal order id carried in the session metadata. */
  readonly orderId: string | null;
  /**
   * The provider itself says the payment was attempted and failed (Stripe: a complete, unpaid
   * session whose payment intent went back to needing a payment method). Never taken from an event.
   */
  readonly paymentFailed: boolean;
  /** Why it failed, in the provider's terms ops can count (M-Pesa: "cancelled", "timeout"…); unset counts as "declined", all Stripe and the card sandbox tell. */
  readonly failureReason?: string;
  /** The order's correlation id, where the provider carries it back (Stripe: the session's metadata). */
  readonly correlationId?: string | null;
}

export const HANDLED_EVENT_TYPES = ['checkout.session.completed', 'checkout.session.async_payment_succeeded', 'checkout.session.async_payment_failed', 'checkout.session.expired'] as const;

export type HandledEventType = (typeof HANDLED_EVENT_TYPES)[number];

export interface PaymentEvent {
  readonly id: string;
  readonly type: string;
  /** Set when the event is about a Checkout Session. */
  readonly sessionId: string | null;
  /** The order the session was made for, as the session names it (client_reference_id, metadata): only for logs, never trusted. */
  readonly invoiceNumber?: string | null;
  readonly correlationId?: string | null;
}

/** The `Method` of an order's metrics: M-Pesa, or a card (Stripe or its sandbox). */
export function paymentMethodOf(provider: PaymentsProvider['name']): PaymentMethod {
  return provider === 'mpesa' ? 'mpesa' : 'card';
}

export interface PaymentsProvider {
  readonly name: 'stripe' | 'sandbox' | 'mpesa';
  createCheckout(order: Order): Promise<CheckoutRedirect>;
  /** null when the provider does not know the session. */
  retrieveSession(sessionId: string): Promise<CheckoutSessionState | null>;
  /** Verifies the signature over the raw bytes; throws WebhookVerificationError otherwise. */
  verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentEvent>;
}

/** The provider failed or refused a call: the customer sees a 502 with a plain message. */
export class PaymentProviderError extends Error {
  constructor(message: string, options?: { cause?: unknown }) {
    super(message, options);
    this.name = 'PaymentProviderError';
  }
}

/**
 * The provider refused details the customer typed (Stripe: an e-mail address it will not accept):
 * the customer's to fix, so a 400 naming the field, not a 502.
 */
export class ProviderRefusedDetailsError extends PaymentProviderError {
  constructor(
    readonly fieldErrors: Readonly<Record<string, string>>,
    options?: { cause?: unknown },
  ) {
    super('The payment provider refused the customer details', options);
    this.name = 'ProviderRefusedDetailsError';
  }
}

export class WebhookVerificationError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'WebhookVerificationError';
  }
}

/** Provider session ids the API accepts: Stripe's cs_test_/cs_live_ and the sandbox's cs_sandbox_. */
export const SESSION_ID_PATTERN = /^cs_[A-Za-z0-9_]{8,250}$/;

export function isHandledEventType(type: string): type is HandledEventType {
  return (HANDLED_EVENT_TYPES as readonly string[]).includes(type);
}
