/**
 * The M-Pesa calls of the payment API (POST/GET /api/mpesa-payment), through the same axios
 * instance and error shaping as card payments. The KES rate comes from the server too (ops set it in
 * the Lambdas' configuration), so the page shows exactly the rate the payer will be charged.
 */
import type { CheckoutData } from '@kesho/common/checkout-schema';
import { centsToDollars } from '@kesho/common/money';
import { rateHundredths } from '@kesho/common/mpesa';
import { IDEMPOTENCY_KEY_HEADER } from '@kesho/common/payment-attempt';
import { paymentAttemptKey, type AttemptHistory } from './paymentAttempt';
import { PaymentError, paymentsHttp, reshapeFailure, type PaymentLine } from './paymentsClient';

export type MpesaOutcome = 'pending' | 'paid' | 'cancelled' | 'timeout' | 'insufficient-funds' | 'wrong-pin' | 'failed';

export interface MpesaPaymentState {
  readonly paymentId: string;
  readonly invoiceNumber: string;
  readonly outcome: MpesaOutcome;
  /** The server's words for the outcome (the same texts as @kesho/common/mpesa). */
  readonly message: string;
  readonly receiptNumber: string | null;
  readonly amountKes: number;
  readonly phone: string;
  /** Only with the built-in sandbox: the test page that plays the phone. */
  readonly sandboxUrl: string | null;
}

const OUTCOMES: readonly MpesaOutcome[] = ['pending', 'paid', 'cancelled', 'timeout', 'insufficient-funds', 'wrong-pin', 'failed'];
export const MPESA_PAYMENT_ID = /^mp_[A-Za-z0-9_-]{22}$/;
/** The query parameter of /payment that names the M-Pesa payment under way. */
export const MPESA_PAYMENT_PARAM = 'mpesa';
const UNREADABLE = 'We could not read the status of your M-Pesa payment.';

/** The rate the server converts at: KES_PER_USD and the day ops set it. */
export interface MpesaRate {
  readonly kesPerUsd: string;
  readonly rateDate: string;
}

const UNREADABLE_RATE = 'We could not read the M-Pesa exchange rate.';

export async function getMpesaRate(): Promise<MpesaRate> {
  let data: unknown;
  try {
    ({ data } = await (await paymentsHttp()).get<unknown>('/api/mpesa-payment'));
  } catch (error) {
    throw reshapeFailure(error, []);
  }
  const rate = typeof data === 'object' && data !== null ? (data as { rate?: Record<string, unknown> }).rate : undefined;
  const kesPerUsd = rate?.kesPerUsd;
  const rateDate = rate?.rateDate;
  if (typeof kesPerUsd !== 'string' || typeof rateDate !== 'string' || !/^\d{4}-\d{2}-\d{2}$/.test(rateDate)) throw new PaymentError(UNREADABLE_RATE);
  try {
    rateHundredths(kesPerUsd);
  } catch {
    throw new PaymentError(UNREADABLE_RATE);
  }
  return { kesPerUsd, rateDate };
}

export async function startMpesaPayment(lines: readonly PaymentLine[], customer: CheckoutData, phone: string, history: AttemptHistory): Promise<MpesaPaymentState> {
  const body = {
    items: lines.map((line) => ({ id: line.id, name: line.name, price: centsToDollars(line.priceCents), quantity: line.quantity })),
    customerData: customer,
    phone,
  };
  let data: unknown;
  try {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: paymentAttemptKey(history, { method: 'mpesa', body }) };
    ({ data } = await (await paymentsHttp()).post<unknown>('/api/mpesa-payment', body, { headers }));
  } catch (error) {
    throw reshapeFailure(error, lines);
  }
  return reshapeState(data);
}

export async function getMpesaPayment(paymentId: string): Promise<MpesaPaymentState> {
  let data: unknown;
  try {
    ({ data } = await (await paymentsHttp()).get<unknown>('/api/mpesa-payment', { params: { payment_id: paymentId } }));
  } catch (error) {
    throw reshapeFailure(error, []);
  }
  return reshapeState(data);
}

function reshapeState(data: unknown): MpesaPaymentState {
  const payment = typeof data === 'object' && data !== null ? (data as { payment?: Record<string, unknown> }).payment : undefined;
  if (!payment) throw new PaymentError(UNREADABLE);
  const { paymentId, invoiceNumber, outcome, message, receiptNumber, amountKes, phone, sandboxUrl } = payment;
  if (typeof paymentId !== 'string' || !MPESA_PAYMENT_ID.test(paymentId) || typeof invoiceNumber !== 'string' || typeof message !== 'string') throw new PaymentError(UNREADABLE);
  if (typeof outcome !== 'string' || !(OUTCOMES as readonly string[]).includes(outcome) || typeof amountKes !== 'number') throw new PaymentError(UNREADABLE);
  return {
    paymentId,
    invoiceNumber,
    outcome: outcome as MpesaOutcome,
    message,
    receiptNumber: typeof receiptNumber === 'string' ? receiptNumber : null,
    amountKes,
    phone: typeof phone === 'string' ? phone : '',
    // Only a path on this site: never an address another origin could have put there.
    sandboxUrl: typeof sandboxUrl === 'string' && /^\/api\/mpesa\/sandbox\/mp_[A-Za-z0-9_-]{22}$/.test(sandboxUrl) ? sandboxUrl : null,
  };
}
