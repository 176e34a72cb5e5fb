/**
 * M-Pesa (Safaricom's Lipa na M-Pesa Online, "STK push") rules shared by the /payment page and the
 * payment Lambdas: which phone numbers can receive the prompt, how the USD order total becomes whole
 * shillings, and what each Daraja result code means to the payer. One place, so the amount the page
 * shows is the amount the server asks the phone for.
 */

/**
 * Shillings per US dollar, set by operations. Written with at most two decimals; the conversion
 * works in hundredths so no floating-point rounding can move the amount by a shilling.
 */
export const KES_PER_USD = '129.25';
/** The day ops set KES_PER_USD (YYYY-MM-DD), shown to the payer beside the rate. */
export const KES_RATE_DATE = '2026-11-20';

/** Daraja refuses amounts outside 1–250,000 KES per transaction. */
export const MPESA_MIN_KES = 1;
export const MPESA_MAX_KES = 250_000;

export const MPESA_MESSAGES = {
  phoneRequired: 'Enter the Safaricom number that will pay',
  phoneInvalid: 'Enter a Safaricom M-Pesa number such as 0712 345 678, 0110 123 456 or +254 712 345 678',
  amountTooLarge: `M-Pesa payments are limited to KES 250,000. Please pay this order by card.`,
  waiting: 'Check your phone and enter your M-Pesa PIN',
} as const;

/** An M-Pesa payment's id (the server makes it: "mp_" and 22 base64url characters); it doubles as its checkout session id. */
export const MPESA_PAYMENT_ID_PATTERN = /^mp_[A-Za-z0-9_-]{22}$/;

/** The query parameter of /payment that names the M-Pesa payment under way. */
export const MPESA_PAYMENT_PARAM = 'mpesa';

/** Where the payer waits for their phone (and where the sandbox phone sends them back). */
export const mpesaWaitingPath = (paymentId: string) => `/payment?${MPESA_PAYMENT_PARAM}=${encodeURIComponent(paymentId)}`;

/** The built-in sandbox's test phone for a payment (local runtime only). */
export const MPESA_SANDBOX_PATH = '/api/mpesa/sandbox';
export const mpesaSandboxPagePath = (paymentId: string) => `${MPESA_SANDBOX_PATH}/${encodeURIComponent(paymentId)}`;

/**
 * The field of POST /api/mpesa-payment that carries the payer's number, beside the order's `items`
 * and `customerData`: a refusal names it (`fieldErrors.phone`), and the page puts the message on its
 * phone field by that path.
 */
export const MPESA_PHONE_FIELD = 'phone';

export type PhoneParseResult = { readonly ok: true; readonly msisdn: string } | { readonly ok: false; readonly error: string };

/**
 * 07XX XXX XXX, 01XX XXX XXX, +2547…, 2547…, +2541…, 2541… (spaces, hyphens, dots and brackets
 * allowed between digits) → 2547XXXXXXXX / 2541XXXXXXXX, the form Daraja's PartyA and PhoneNumber take.
 */
export function parseMpesaPhone(input: unknown): PhoneParseResult {
  if (typeof input !== 'string' || input.trim() === '') return { ok: false, error: MPESA_MESSAGES.phoneRequired };
  const compact = input.trim().replace(/[\s\-.()]/g, '');
  const match = /^(?:\+?254|0)([17]\d{8})$/.exec(compact);
  if (!match?.[1]) return { ok: false, error: MPESA_MESSAGES.phoneInvalid };
  return { ok: true, msisdn: `254${match[1]}` };
}

export const MSISDN_PATTERN = /^254[17]\d{8}$/;

/** "+254 712 345 678" for display. */
export function formatMsisdn(msisdn: string): string {
  if (!MSISDN_PATTERN.test(msisdn)) return msisdn;
  return `+254 ${msisdn.slice(3, 6)} ${msisdn.slice(6, 9)} ${msisdn.slice(9)}`;
}

/**
 * "+254 7•• ••• 678": the number as the payer's page and anyone holding a payment id may see it. The
 * payer recognises the last three digits; a stranger learns only the network's first digit.
 */
export function maskMsisdn(msisdn: string): string {
  if (!MSISDN_PATTERN.test(msisdn)) return '+254 ••• ••• •••';
  return `+254 ${msisdn.slice(3, 4)}•• ••• ${msisdn.slice(9)}`;
}

/** "129.25" → 12925 (hundredths of a shilling per dollar); throws on anything else. */
export function rateHundredths(rate: string): number {
  const match = /^(\d{1,6})(?:\.(\d{1,2}))?$/.exec(rate.trim());
  if (!match?.[1]) throw new Error(`A KES per USD rate must be a positive number with at most two decimals, not "${rate}"`);
  const value = Number(match[1]) * 100 + Number((match[2] ?? '').padEnd(2, '0'));
  if (value <= 0) throw new Error('A KES per USD rate must be positive');
  return value;
}

/**
 * USD cents → whole shillings, always rounded UP so the business never receives less than the
 * dollar price. cents × (rate in hundredths) is exact in a double for any order the cart allows.
 */
export function usdCentsToKes(cents: number, rate: string = KES_PER_USD): number {
  if (!Number.isInteger(cents) || cents < 0) throw new Error('cents must be a non-negative integer');
  return Math.ceil((cents * rateHundredths(rate)) / 10_000);
}

export function isMpesaAmount(kes: number): boolean {
  return Number.isInteger(kes) && kes >= MPESA_MIN_KES && kes <= MPESA_MAX_KES;
}

/** "20 November 2026" from "2026-11-20". */
export function formatRateDate(isoDate: string = KES_RATE_DATE): string {
  const months = ['January', 'February', 'March', 'April', 'May', 'June', 'July', 'August', 'September', 'October', 'November', 'December'];
  const match = /^(\d{4})-(\d{2})-(\d{2})$/.exec(isoDate);
  if (!match) return isoDate;
  return `${Number(match[3])} ${months[Number(match[2]) - 1] ?? ''} ${match[1]}`;
}

/** "1 USD = 129.25 KES (rate of 20 November 2026)" */
export function rateLine(rate: string = KES_PER_USD, date: string = KES_RATE_DATE): string {
  return `1 USD = ${rate} KES (rate of ${formatRateDate(date)})`;
}

/** The outcomes of an STK push as the payer sees them. */
export type MpesaOutcome = 'paid' | 'cancelled' | 'timeout' | 'insufficient-funds' | 'wrong-pin' | 'failed';

/** What GET /api/mpesa-payment says of a payment: an outcome, or 'pending' while the phone has not answered. */
export type MpesaPaymentOutcome = MpesaOutcome | 'pending';
export const MPESA_PAYMENT_OUTCOMES: readonly MpesaPaymentOutcome[] = ['pending', 'paid', 'cancelled', 'timeout', 'insufficient-funds', 'wrong-pin', 'failed'];

/** Daraja's ResultCode values the product handles by name (stkpushquery and the callback use the same). */
export const MPESA_RESULT_CODES = {
  paid: 0,
  insufficientFunds: 1,
  cancelled: 1032,
  timeout: 1037,
  wrongPin: 2001,
} as const;

export const MPESA_OUTCOME_MESSAGES: Readonly<Record<MpesaOutcome, string>> = {
  paid: 'Payment received by M-Pesa. Thank you.',
  cancelled: 'You cancelled the M-Pesa request on your phone. No money was taken.',
  timeout: 'Your phone did not answer the M-Pesa request in time (it may be off or out of network). No money was taken.',
  'insufficient-funds': 'Your M-Pesa balance is not enough for this payment. No money was taken.',
  'wrong-pin': 'The M-Pesa PIN entered was wrong. No money was taken.',
  failed: 'M-Pesa could not complete this payment.',
};

export function outcomeForResultCode(code: number): MpesaOutcome {
  switch (code) {
    case MPESA_RESULT_CODES.paid:
      return 'paid';
    case MPESA_RESULT_CODES.cancelled:
      return 'cancelled';
    case MPESA_RESULT_CODES.timeout:
      return 'timeout';
    case MPESA_RESULT_CODES.insufficientFunds:
      return 'insufficient-funds';
    case MPESA_RESULT_CODES.wrongPin:
      return 'wrong-pin';
    default:
      return 'failed';
  }
}

/**
 * The M-Pesa page's status polls, in milliseconds after the push: every 2 s while a payer is likely to
 * be answering the prompt (the first 20 s), then further apart, growing by half each time, to at most
 * one every 10 s, for three minutes in all (Daraja gives up on an unanswered prompt after about one).
 * The payments API's status route is sized for this schedule (./api-throttles.ts). A 429 or 503 answer waits for its Retry-After when it says more than the next step.
 */
export const MPESA_POLL_SCHEDULE = {
  firstIntervalMs: 2_000,
  fastForMs: 20_000,
  growth: 1.5,
  maxIntervalMs: 10_000,
  totalMs: 180_000,
} as const;

/** The wait before poll number `index` (0 = the first after the push), by MPESA_POLL_SCHEDULE. */
export function mpesaPollDelayMs(index: number, elapsedMs: number): number {
  const { firstIntervalMs, fastForMs, growth, maxIntervalMs } = MPESA_POLL_SCHEDULE;
  if (elapsedMs < fastForMs) return firstIntervalMs;
  const fastPolls = Math.ceil(fastForMs / firstIntervalMs);
  return Math.min(maxIntervalMs, Math.round(firstIntervalMs * growth ** Math.max(1, index - fastPolls + 1)));
}
