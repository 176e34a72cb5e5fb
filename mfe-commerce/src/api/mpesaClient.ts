/**
 * The M-Pesa calls of the payment API (POST/GET /api/mpesa-payment), through the same axios
 * instance and error shaping as card payments. The KES rate comes from the server too (ops set it in
 * the Lambdas' configuration), so the page shows exactly the rate the payer will be charged.
 */
import type { CheckoutData } from '@kesho/site-rules/checkout-schema';
import { MPESA_PAYMENT_ID_PATTERN, MPESA_PAYMENT_OUTCOMES, MPESA_PHONE_FIELD, mpesaSandboxPagePath, rateHundredths, type MpesaPaymentOutcome } from '@kesho/site-rules/mpesa';
import type { AttemptHistory } from './paymentAttempt';
import { orderWire, PaymentError, readPaymentApi, startPaymentRequest, type PaymentLine } from './paymentsClient';

export interface MpesaPaymentState {
  readonly paymentId: string;
  readonly invoiceNumber: string;
  readonly outcome: MpesaPaymentOutcome;
  /** The server's words for the outcome (the same texts as @kesho/site-rules/mpesa). */
  readonly message: string;
  readonly receiptNumber: string | null;
  readonly amountKes: number;
  readonly phone: string;
  /** Only with the built-in sandbox: the test page that plays the phone. */
  readonly sandboxUrl: string | null;
}

const UNREADABLE = 'We could not read the status of your M-Pesa payment.';

/** The rate the server converts at: KES_PER_USD and the day ops set it. */
export interface MpesaRate {
  readonly kesPerUsd: string;
  readonly rateDate: string;
}

const UNREADABLE_RATE = 'We could not read the M-Pesa exchange rate.';

export async function getMpesaRate(): Promise<MpesaRate> {
  const data = await readPaymentApi('/api/mpesa-payment');
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
  const body = { ...orderWire(lines, customer), [MPESA_PHONE_FIELD]: phone };
  return reshapeState(await startPaymentRequest('/api/mpesa-payment', 'mpesa', body, lines, history));
}

export async function getMpesaPayment(paymentId: string): Promise<MpesaPaymentState> {
  return reshapeState(await readPaymentApi('/api/mpesa-payment', { payment_id: paymentId }));
}

function reshapeState(data: unknown): MpesaPaymentState {
  const payment = typeof data === 'object' && data !== null ? (data as { payment?: Record<string, unknown> }).payment : undefined;
  if (!payment) throw new PaymentError(UNREADABLE);
  const { paymentId, invoiceNumber, outcome, message, receiptNumber, amountKes, phone, sandboxUrl } = payment;
  if (typeof paymentId !== 'string' || !MPESA_PAYMENT_ID_PATTERN.test(paymentId) || typeof invoiceNumber !== 'string' || typeof message !== 'string') throw new PaymentError(UNREADABLE);
  if (typeof outcome !== 'string' || !(MPESA_PAYMENT_OUTCOMES as readonly string[]).includes(outcome) || typeof amountKes !== 'number') throw new PaymentError(UNREADABLE);
  return {
    paymentId,
    invoiceNumber,
    outcome: outcome as MpesaPaymentOutcome,
    message,
    receiptNumber: typeof receiptNumber === 'string' ? receiptNumber : null,
    amountKes,
    phone: typeof phone === 'string' ? phone : '',
    // Only this payment's test phone on this site: never an address another origin could have put there.
    sandboxUrl: sandboxUrl === mpesaSandboxPagePath(paymentId) ? sandboxUrl : null,
  };
}
