/**
 * Paying an order by M-Pesa. Starting reuses create-payment's own service (startCheckout: the order
 * is stored, priced by the server, before any push), with an STK push in place of a hosted checkout.
 * Settling goes through the one confirm routine (orders/confirmOrder.ts): the "session" it re-reads
 * is this payment, whose state comes only from Daraja's STK query. A callback is a hint, never proof
 * (Daraja does not sign callbacks): it can add the receipt number to a push the query already calls
 * paid, and only when its amount and phone are the push's own.
 */
import { randomBytes } from 'node:crypto';
import {
  KES_PER_USD,
  KES_RATE_DATE,
  MPESA_MESSAGES,
  MPESA_OUTCOME_MESSAGES,
  MPESA_PAYMENT_ID_PATTERN,
  MPESA_PHONE_FIELD,
  isMpesaAmount,
  maskMsisdn,
  mpesaWaitingPath,
  outcomeForResultCode,
  usdCentsToKes,
  type MpesaOutcome,
  type MpesaPaymentOutcome,
} from '@kesho/site-rules/mpesa';
import type { Logger } from '../log';
import { uncountedMetrics, type BusinessMetrics } from '../metrics';
import { bindOrder } from '../orderContext';
import { createConfirmOrder, type ConfirmOrder, type ConfirmResult } from '../orders/confirmOrder';
import type { SendReceipt } from '../receipts/sendReceipt';
import type { PaymentAttemptsStore } from '../orders/attempts';
import type { PaymentClient, PaymentLimits } from '../orders/paymentLimits';
import { createStartCheckout, type PaymentAttempt, type PaymentStartRefusal } from '../orders/startCheckout';
import type { OrdersStore } from '../orders/store';
import { ORDER_CURRENCY, type Order, type OrderDraft, type OrderStatus } from '../orders/types';
import { PaymentProviderError, ProviderRefusedDetailsError, WebhookVerificationError, type CheckoutSessionState, type PaymentsProvider } from '../payments/types';
import type { MpesaStore, MpesaPayment } from './store';
import { MpesaPhoneRefusedError, type MpesaGateway } from './types';

export { MPESA_PAYMENT_ID_PATTERN, mpesaWaitingPath } from '@kesho/site-rules/mpesa';
export const MPESA_CALLBACK_TOKEN_PATTERN = /^[A-Za-z0-9_-]{43}$/;
export const MPESA_CALLBACK_PATH = '/api/mpesa/callback';

export type MpesaStartResult = { readonly kind: 'created'; readonly payment: MpesaSummary } | { readonly kind: 'amount-out-of-range'; readonly amountKes: number } | PaymentStartRefusal;

/** What the payer's page (and the success page) may know: no customer details beyond the masked phone. */
export interface MpesaSummary {
  readonly paymentId: string;
  readonly invoiceNumber: string;
  readonly status: OrderStatus;
  readonly outcome: MpesaPaymentOutcome;
  readonly message: string;
  readonly receiptNumber: string | null;
  readonly amountKes: number;
  readonly kesPerUsd: string;
  readonly rateDate: string;
  readonly phone: string;
  readonly amountCents: number;
  readonly currency: typeof ORDER_CURRENCY;
  readonly items: readonly { readonly name: string; readonly quantity: number; readonly amountCents: number }[];
  readonly createdAt: string;
  /** Only with the built-in sandbox: the test page standing in for the phone. */
  readonly sandboxUrl?: string;
}

export interface CallbackHint {
  readonly checkoutRequestId: string;
  readonly resultCode: number;
  readonly amount?: number;
  readonly receiptNumber?: string;
  readonly phone?: string;
}

export type CallbackOutcome = { readonly kind: 'unknown-token' } | { readonly kind: 'accepted' };

export interface MpesaPayments {
  readonly gatewayName: MpesaGateway['name'];
  /**
   * With an attempt, a repeat answers the first request's payment: one order, one push (orders/attempts.ts).
   * With a client, a new push must pass the limits (per client, one waiting per phone, per phone per quarter hour).
   */
  start(draft: OrderDraft, msisdn: string, attempt?: PaymentAttempt, client?: PaymentClient): Promise<MpesaStartResult>;
  /** Settles from Daraja's query (and a callback's hint) and answers the current state; null if unknown. */
  status(paymentId: string, source?: string, hint?: CallbackHint): Promise<MpesaSummary | null>;
  callback(token: string, hint: CallbackHint): Promise<CallbackOutcome>;
  /** The confirm routine for M-Pesa payments (mp_… ids): asks Daraja first. Used by reconciliation. */
  readonly confirm: ConfirmOrder;
}

export interface MpesaPaymentsDependencies {
  readonly orders: OrdersStore;
  readonly store: MpesaStore;
  readonly gateway: MpesaGateway;
  readonly publicSiteUrl: string;
  readonly clock: () => Date;
  readonly logger: Logger;
  readonly kesPerUsd?: string;
  readonly rateDate?: string;
  /** Set with the sandbox: the test page's address for a payment. */
  readonly sandboxPageUrl?: (paymentId: string) => string;
  /** The receipt e-mail, sent once by the confirm routine when an order becomes paid. */
  readonly sendReceipt?: SendReceipt;
  /** Payment attempts (the page's idempotency keys); without it every start is a new order. */
  readonly attempts?: PaymentAttemptsStore;
  /** The order events, and Daraja's failing status queries (MpesaQueryFailures). */
  readonly metrics?: BusinessMetrics;
  /** The limits on starting payments; without them (tests of other rules) every push is admitted. */
  readonly limits?: PaymentLimits;
}

const RECEIPT_PATTERN = /^[A-Z0-9]{8,12}$/;

export function createMpesaPayments(deps: MpesaPaymentsDependencies): MpesaPayments {
  const { orders, store, gateway, publicSiteUrl, clock, logger } = deps;
  const metrics = deps.metrics ?? uncountedMetrics;
  const kesPerUsd = deps.kesPerUsd ?? KES_PER_USD;
  const rateDate = deps.rateDate ?? KES_RATE_DATE;

  /** The confirm routine's view of a payment: only what Daraja's query said, recorded on it. */
  const sessions: PaymentsProvider = {
    name: 'mpesa',
    createCheckout: () => Promise.reject(new Error('An M-Pesa payment starts through start()')),
    async retrieveSession(paymentId): Promise<CheckoutSessionState | null> {
      const payment = await store.getPayment(paymentId);
      if (!payment) return null;
      const paid = payment.result?.resultCode === 0;
      return {
        sessionId: paymentId,
        status: paid ? 'complete' : 'open',
        paymentStatus: paid ? 'paid' : 'unpaid',
        // Daraja's query is the truth: "paid" is for the push, whose amount this server set. A callback
        // that disagreed with the push holds the receipt number back (and the order for review), not the money.
        amountTotalCents: paid ? payment.amountUsdCents : null,
        currency: ORDER_CURRENCY,
        orderRef: payment.invoiceNumber,
        orderId: payment.orderId,
        paymentFailed: payment.result !== undefined && payment.result.resultCode !== 0,
        // What the payer's phone answered: cancelled, timeout, insufficient-funds, wrong-pin or failed.
        ...(payment.result && payment.result.resultCode !== 0 ? { failureReason: outcomeForResultCode(payment.result.resultCode) } : {}),
        correlationId: payment.correlationId ?? null,
      };
    },
    verifyWebhook: () => Promise.reject(new WebhookVerificationError('M-Pesa has no signed webhooks')),
  };
  const confirmOrder = createConfirmOrder({ orders, payments: sessions, clock, logger, metrics, ...(deps.sendReceipt ? { sendReceipt: deps.sendReceipt } : {}) });

  /** The phone is free for its next push; a failure to say so only makes the next payer wait for the hold to run out. */
  const pushEnded = async (msisdn: string, paymentId: string): Promise<void> => {
    await deps.limits?.pushEnded(msisdn, paymentId).catch((error: unknown) => logger.warn('mpesa.phone_release_failed', { paymentId, error }));
  };

  const pushFor = (msisdn: string, paymentId: string): PaymentsProvider => ({
    ...sessions,
    async createCheckout(order: Order) {
      const amountKes = usdCentsToKes(order.totalCents, kesPerUsd);
      const callbackToken = randomBytes(32).toString('base64url');
      await store.insertPayment({
        paymentId,
        invoiceNumber: order.invoiceNumber,
        orderId: order.orderId,
        msisdn,
        amountKes,
        amountUsdCents: order.totalCents,
        kesPerUsd,
        rateDate,
        callbackToken,
        createdAt: clock().toISOString(),
        ...(order.correlationId ? { correlationId: order.correlationId } : {}),
      });
      let accepted;
      try {
        accepted = await gateway.stkPush({
          msisdn,
          amountKes,
          accountReference: order.invoiceNumber,
          description: 'Kesho order',
          callbackUrl: `${publicSiteUrl}${MPESA_CALLBACK_PATH}/${callbackToken}`,
        });
      } catch (error) {
        // No prompt reached the phone.
        await pushEnded(msisdn, paymentId);
        if (error instanceof MpesaPhoneRefusedError) throw new ProviderRefusedDetailsError({ [MPESA_PHONE_FIELD]: MPESA_MESSAGES.phoneInvalid }, { cause: error });
        throw error;
      }
      await store.attachPush(paymentId, accepted);
      logger.info('mpesa.push_sent', { invoiceNumber: order.invoiceNumber, paymentId, amountKes, gateway: gateway.name });
      return { sessionId: paymentId, url: mpesaWaitingPath(paymentId) };
    },
  });

  const summarise = (payment: MpesaPayment, order: Order): MpesaSummary => {
    const outcome: MpesaPaymentOutcome = order.status === 'paid' ? 'paid' : payment.result ? outcomeForResultCode(payment.result.resultCode) : 'pending';
    const failedToStart = order.status === 'failed' && !payment.checkoutRequestId;
    return {
      paymentId: payment.paymentId,
      invoiceNumber: order.invoiceNumber,
      status: order.status,
      outcome: failedToStart ? 'failed' : outcome,
      message: failedToStart || outcome !== 'pending' ? MPESA_OUTCOME_MESSAGES[failedToStart ? 'failed' : (outcome as MpesaOutcome)] : MPESA_MESSAGES.waiting,
      receiptNumber: order.status === 'paid' ? (payment.receiptNumber ?? null) : null,
      amountKes: payment.amountKes,
      kesPerUsd: payment.kesPerUsd,
      rateDate: payment.rateDate,
      // Anyone holding the payment id may ask: never the whole number.
      phone: maskMsisdn(payment.msisdn),
      amountCents: order.totalCents,
      currency: ORDER_CURRENCY,
      items: order.lines.map(({ name, quantity, amountCents }) => ({ name, quantity, amountCents })),
      createdAt: order.createdAt,
      ...(deps.sandboxPageUrl && outcome === 'pending' && payment.checkoutRequestId ? { sandboxUrl: deps.sandboxPageUrl(payment.paymentId) } : {}),
    };
  };

  const settle = async (paymentId: string, source: string, callbackHint?: CallbackHint): Promise<{ payment: MpesaPayment; result: ConfirmResult } | null> => {
    let hint = callbackHint;
    let payment = await store.getPayment(paymentId);
    if (!payment) return null;
    bindOrder({ invoiceNumber: payment.invoiceNumber, ...(payment.correlationId ? { correlationId: payment.correlationId } : {}) });

    if (!payment.result && payment.checkoutRequestId) {
      let query;
      try {
        query = await gateway.stkQuery(payment.checkoutRequestId);
      } catch (error) {
        // The payer may have paid: ops hear when Daraja keeps failing to say (MpesaQueryFailures).
        metrics.count('mpesaQueryFailures');
        throw error;
      }
      if (query.state === 'done') {
        payment = (await store.recordResult(paymentId, { resultCode: query.resultCode, resultDesc: query.resultDesc, at: clock().toISOString() })) ?? payment;
        // The prompt has ended on the phone (paid, declined or timed out): the next push may ring it.
        await pushEnded(payment.msisdn, paymentId);
      }
    }

    if (hint && !payment.result) {
      // Daraja can call back before its query knows: keep the first such hint until the query answers.
      payment = (await store.recordEarlyCallback(paymentId, hint)) ?? payment;
    }
    hint ??= payment.earlyCallback;

    if (hint && payment.result?.resultCode === 0 && hint.resultCode === 0 && !payment.receiptNumber) {
      const agrees =
        hint.checkoutRequestId === payment.checkoutRequestId && hint.amount === payment.amountKes && hint.phone === payment.msisdn && RECEIPT_PATTERN.test(hint.receiptNumber ?? '');
      if (agrees && hint.receiptNumber) {
        // Also after an earlier callback disagreed: the push's own callback names the receipt.
        payment = (await store.recordReceipt(paymentId, hint.receiptNumber)) ?? payment;
      } else if (!payment.callbackMismatch) {
        logger.error('order.confirm.needs_review', { invoiceNumber: payment.invoiceNumber, paymentId, why: 'mpesa-callback-mismatch', source });
        metrics.count('ordersNeedingReview', {}, { why: 'mpesa-callback-mismatch', source });
        payment = (await store.markCallbackMismatch(paymentId)) ?? payment;
        await orders.markForReview(payment.invoiceNumber, { why: 'mpesa-callback-mismatch', at: clock().toISOString(), source });
      }
    } else if (callbackHint && callbackHint.resultCode === 0 && payment.result?.resultCode !== 0) {
      // Daraja's own query does not say paid: a forged or early callback changes nothing.
      logger.warn('mpesa.callback.unconfirmed', { invoiceNumber: payment.invoiceNumber, paymentId, queryResult: payment.result?.resultCode ?? 'processing' });
    }

    return { payment, result: await confirmOrder({ sessionId: paymentId, source }) };
  };

  const status: MpesaPayments['status'] = async (paymentId, source = 'status-poll', callbackHint) => {
    const settled = await settle(paymentId, source, callbackHint);
    if (!settled || settled.result.kind === 'unknown-session') return null;
    return summarise(settled.payment, settled.result.order);
  };

  return {
    gatewayName: gateway.name,

    async start(draft, msisdn, attempt, client) {
      const amountKes = usdCentsToKes(draft.totalCents, kesPerUsd);
      if (!isMpesaAmount(amountKes)) return { kind: 'amount-out-of-range', amountKes };
      // Named before the push, so the phone's hold names the push that holds it.
      const newPaymentId = `mp_${randomBytes(16).toString('base64url')}`;
      const startCheckout = createStartCheckout({ orders, payments: pushFor(msisdn, newPaymentId), clock, logger, metrics, ...(deps.attempts ? { attempts: deps.attempts } : {}) });
      const admission = deps.limits && client ? deps.limits.forPush(client, msisdn, newPaymentId) : undefined;
      const result = await startCheckout(draft, attempt, admission);
      if (result.kind !== 'created') return result;
      // A repeat of the attempt answers the first request's payment, named in its waiting page's address.
      const paymentId = new URLSearchParams(result.url.split('?')[1] ?? '').get('mpesa') ?? '';
      const summary = await status(paymentId, 'mpesa-start');
      if (!summary) throw new PaymentProviderError('The M-Pesa payment vanished after it was stored');
      return { kind: 'created', payment: summary };
    },

    status,

    async confirm({ sessionId, source }) {
      if (!MPESA_PAYMENT_ID_PATTERN.test(sessionId)) return { kind: 'unknown-session' };
      return (await settle(sessionId, source))?.result ?? { kind: 'unknown-session' };
    },

    async callback(token, hint) {
      const paymentId = await store.paymentIdForToken(token);
      if (!paymentId) return { kind: 'unknown-token' };
      await status(paymentId, 'mpesa-callback', hint);
      return { kind: 'accepted' };
    },
  };
}

/** Daraja's callback body → the hint, or null when it is not one. */
export function parseCallbackBody(body: unknown): CallbackHint | null {
  const callback = (body as { Body?: { stkCallback?: unknown } } | null)?.Body?.stkCallback;
  if (typeof callback !== 'object' || callback === null) return null;
  const record = callback as Record<string, unknown>;
  const checkoutRequestId = record.CheckoutRequestID;
  const resultCode = Number(record.ResultCode);
  if (typeof checkoutRequestId !== 'string' || !checkoutRequestId || record.ResultCode === undefined || !Number.isInteger(resultCode)) return null;
  const items = (record.CallbackMetadata as { Item?: unknown } | undefined)?.Item;
  const values = new Map<string, unknown>();
  if (Array.isArray(items)) {
    for (const item of items) {
      if (typeof item === 'object' && item !== null && typeof (item as { Name?: unknown }).Name === 'string')
        values.set((item as { Name: string }).Name, (item as { Value?: unknown }).Value);
    }
  }
  const amount = Number(values.get('Amount'));
  const receipt = values.get('MpesaReceiptNumber');
  const phone = values.get('PhoneNumber');
  return {
    checkoutRequestId,
    resultCode,
    ...(Number.isFinite(amount) && values.has('Amount') ? { amount } : {}),
    ...(typeof receipt === 'string' ? { receiptNumber: receipt } : {}),
    ...(typeof phone === 'number' || typeof phone === 'string' ? { phone: String(phone) } : {}),
  };
}
