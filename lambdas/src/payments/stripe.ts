/**
 * Stripe Checkout (hosted page) through the official SDK. The SDK's pinned API version is used as
 * is, so the request shapes below are the ones that version documents.
 */
import { CHECKOUT_MESSAGES } from '@kesho/site-rules/checkout-fields';
import Stripe from 'stripe';
import { SecretNotGivenError, type StripeApiEndpoint } from '../config';
import { ORDER_CURRENCY, type Order } from '../orders/types';
import { cancelUrl, checkoutExpiry, checkoutIdempotencyKey, successUrl } from './checkoutPolicy';
import {
  PaymentProviderError,
  ProviderRefusedDetailsError,
  WebhookVerificationError,
  type CheckoutPaymentStatus,
  type CheckoutRedirect,
  type CheckoutSessionState,
  type CheckoutSessionStatus,
  type PaymentEvent,
  type PaymentsProvider,
} from './types';

export interface StripePaymentsOptions {
  /** Absent in a function that never calls Stripe's API (the webhook only verifies signatures). */
  readonly secretKey?: string;
  /** Present only in the function that verifies webhooks. */
  readonly webhookSecret?: string;
  readonly publicSiteUrl: string;
  readonly api?: StripeApiEndpoint;
  readonly clock?: () => Date;
  /**
   * Reads the secret key again past every cache: called once when Stripe answers 401 (the key was
   * rolled), and the call is retried with the new key. Absent (a key from the environment): no retry.
   */
  readonly rereadSecretKey?: () => Promise<string>;
  /** Told when a 401 made the key be read again, and whether it changed. */
  readonly onKeyReread?: (changed: boolean) => void;
}

/** A Lambda waits for Stripe at most ~3 × 5 s plus back-off before answering 502. */
const REQUEST_TIMEOUT_MS = 5_000;
const NETWORK_RETRIES = 2;

export function createStripePayments(options: StripePaymentsOptions): PaymentsProvider {
  const clock = options.clock ?? (() => new Date());
  const clientFor = (secretKey: string) =>
    new Stripe(secretKey, {
      maxNetworkRetries: NETWORK_RETRIES,
      timeout: REQUEST_TIMEOUT_MS,
      appInfo: { name: 'kesho-payments' },
      ...options.api,
    });
  let secretKey = options.secretKey;
  let client = secretKey === undefined ? undefined : clientFor(secretKey);
  const api = (): Stripe => {
    if (!client) throw new SecretNotGivenError('stripeSecretKey');
    return client;
  };
  /** One call to Stripe; on a 401 the key is read again and, when it changed, the call made once more with it. */
  const withApi = async <T>(call: (stripe: Stripe) => Promise<T>): Promise<T> => {
    const stripe = api();
    try {
      return await call(stripe);
    } catch (error) {
      if (!(error instanceof Stripe.errors.StripeAuthenticationError) || !options.rereadSecretKey) throw error;
      const fresh = await options.rereadSecretKey();
      const changed = fresh !== secretKey;
      options.onKeyReread?.(changed);
      if (!changed) throw error;
      secretKey = fresh;
      client = clientFor(fresh);
      return call(client);
    }
  };

  return {
    name: 'stripe',

    async createCheckout(order: Order): Promise<CheckoutRedirect> {
      api();
      let session: Stripe.Checkout.Session;
      try {
        session = await withApi((stripe) =>
          stripe.checkout.sessions.create(checkoutParams(order, options.publicSiteUrl, clock()), {
            idempotencyKey: checkoutIdempotencyKey(order.orderId),
          }),
        );
      } catch (error) {
        const refused = refusedCustomerDetails(error);
        if (refused) throw new ProviderRefusedDetailsError(refused, { cause: error });
        throw new PaymentProviderError('Stripe did not create the checkout session', { cause: error });
      }
      if (!session.url) throw new PaymentProviderError('Stripe returned a checkout session without a URL');
      return { sessionId: session.id, url: session.url };
    },

    async retrieveSession(sessionId: string): Promise<CheckoutSessionState | null> {
      api();
      try {
        // The payment intent is what says a delayed payment failed; the session alone looks "in progress".
        return reshapeSession(await withApi((stripe) => stripe.checkout.sessions.retrieve(sessionId, { expand: ['payment_intent'] })));
      } catch (error) {
        if (error instanceof Stripe.errors.StripeInvalidRequestError && error.statusCode === 404) return null;
        throw new PaymentProviderError('Stripe did not return the checkout session', { cause: error });
      }
    },

    async verifyWebhook(rawBody: Buffer, signatureHeader: string | undefined): Promise<PaymentEvent> {
      if (options.webhookSecret === undefined) throw new SecretNotGivenError('stripeWebhookSecret');
      if (!signatureHeader) throw new WebhookVerificationError('The Stripe-Signature header is missing');
      let event: Stripe.Event;
      try {
        // A local HMAC check: no API key, no call to Stripe.
        event = await Stripe.webhooks.constructEventAsync(rawBody, signatureHeader, options.webhookSecret);
      } catch (error) {
        throw new WebhookVerificationError(error instanceof Error ? error.message : 'The webhook signature is not valid');
      }
      return reshapeEvent(event);
    },
  };
}

/** Stripe's validation errors about what the customer typed, as the checkout form's field errors. */
function refusedCustomerDetails(error: unknown): Record<string, string> | null {
  if (!(error instanceof Stripe.errors.StripeInvalidRequestError)) return null;
  if (error.param === 'customer_email' || error.code === 'email_invalid') return { 'customerData.email': CHECKOUT_MESSAGES.email };
  return null;
}

function checkoutParams(order: Order, publicSiteUrl: string, now: Date): Stripe.Checkout.SessionCreateParams {
  return {
    mode: 'payment',
    line_items: order.lines.map((line) => ({
      price_data: { currency: ORDER_CURRENCY, unit_amount: line.unitAmountCents, product_data: { name: line.name } },
      quantity: line.quantity,
    })),
    customer_email: order.customer.email,
    client_reference_id: order.invoiceNumber,
    metadata: { invoiceNumber: order.invoiceNumber, orderId: order.orderId, ...(order.correlationId ? { correlationId: order.correlationId } : {}) },
    success_url: successUrl(publicSiteUrl),
    cancel_url: cancelUrl(publicSiteUrl),
    expires_at: Math.floor(checkoutExpiry(now).getTime() / 1000),
  };
}

function reshapeSession(session: Stripe.Checkout.Session): CheckoutSessionState {
  return {
    sessionId: session.id,
    status: reshapeSessionStatus(session.status),
    paymentStatus: reshapePaymentStatus(session.payment_status),
    amountTotalCents: session.amount_total,
    currency: session.currency,
    orderRef: session.client_reference_id,
    orderId: session.metadata?.orderId ?? null,
    paymentFailed: session.status === 'complete' && session.payment_status === 'unpaid' && paymentIntentFailed(session.payment_intent),
    correlationId: session.metadata?.correlationId ?? null,
  };
}

/** After a failed delayed payment Stripe returns the intent to requires_payment_method (or cancels it). */
function paymentIntentFailed(intent: Stripe.Checkout.Session['payment_intent']): boolean {
  if (intent === null || typeof intent === 'string') return false;
  return intent.status === 'requires_payment_method' || intent.status === 'canceled';
}

function reshapeSessionStatus(status: Stripe.Checkout.Session['status']): CheckoutSessionStatus {
  if (status === 'complete') return 'complete';
  if (status === 'expired') return 'expired';
  return 'open';
}

/** Anything Stripe may add later counts as not paid: the order is only confirmed on a clear "paid". */
function reshapePaymentStatus(status: Stripe.Checkout.Session['payment_status']): CheckoutPaymentStatus {
  if (status === 'paid') return 'paid';
  if (status === 'no_payment_required') return 'no_payment_required';
  return 'unpaid';
}

function reshapeEvent(event: Stripe.Event): PaymentEvent {
  const object: unknown = event.data.object;
  const session = typeof object === 'object' && object !== null && (object as { object?: unknown }).object === 'checkout.session' ? (object as Stripe.Checkout.Session) : null;
  const sessionId = session ? String(session.id ?? '') || null : null;
  return {
    id: event.id,
    type: event.type,
    sessionId,
    invoiceNumber: typeof session?.client_reference_id === 'string' ? session.client_reference_id : null,
    correlationId: typeof session?.metadata?.correlationId === 'string' ? session.metadata.correlationId : null,
  };
}
