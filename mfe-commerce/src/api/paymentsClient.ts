/**
 * Every HTTP call of the commerce remote lives here (axios is used nowhere else). The functions
 * speak the app's types: cents, cart lines, checkout data. The wire shapes of the payment API
 * (dollars in `price`, `{ url, invoiceNumber }` back, `{ error, fieldErrors }` on 4xx)
 * are turned into them by the private reshape functions below.
 */
import type { AxiosError, AxiosInstance } from 'axios';
import type { CheckoutData } from '@kesho/site-rules/checkout-schema';
import { centsToDollars } from '@kesho/site-rules/money';
import { MPESA_PHONE_FIELD } from '@kesho/site-rules/mpesa';
import { IDEMPOTENCY_KEY_HEADER, PAYMENT_LIMIT_FALLBACK_MESSAGE } from '@kesho/site-rules/payment-attempt';
import { paymentAttemptKey, type AttemptHistory } from './paymentAttempt';

let http: Promise<AxiosInstance> | undefined;

/**
 * The axios instance for the payment API. axios is fetched and evaluated with the first call, in a
 * chunk of its own: evaluating it (its adapters probe the browser's fetch and streams) was a third
 * of the commerce pages' longest start-up task, and most visits make no API call at all.
 */
export function paymentsHttp(): Promise<AxiosInstance> {
  http ??= import('axios').then(({ default: axios }) => axios.create({ timeout: 20_000, headers: { Accept: 'application/json', 'Content-Type': 'application/json' } }));
  return http;
}

function isAxiosError(error: unknown): error is AxiosError<unknown> {
  return typeof error === 'object' && error !== null && (error as { isAxiosError?: unknown }).isAxiosError === true;
}

export interface PaymentLine {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly quantity: number;
}

export interface CreatedCheckout {
  /** Where the hosted card payment page is (Stripe Checkout, or the local sandbox). */
  readonly url: string;
  readonly invoiceNumber: string | null;
}

export type CheckoutStatus = 'pending' | 'paid' | 'failed' | 'expired';

export interface CheckoutSessionSummary {
  readonly invoiceNumber: string;
  readonly status: CheckoutStatus;
  readonly amountCents: number;
  readonly currency: string;
  readonly items: readonly { readonly name: string; readonly quantity: number; readonly amountCents: number }[];
  /** ISO timestamp of the order. */
  readonly createdAt: string;
  /** Set for an order paid by M-Pesa, once M-Pesa's receipt is known. */
  readonly mpesaReceiptNumber?: string;
}

export const PAYMENT_MESSAGES = {
  noUrl: 'Failed to create checkout session',
  fallback: 'Failed to process payment. Please try again.',
  sessionUnreadable: 'We could not read the status of your payment.',
} as const;

/** A field of the request the server refused: its path in the body ("customerData.email", "items[0].price", "phone") and the line the visitor reads. */
export interface FieldProblem {
  readonly path: string;
  readonly text: string;
}

/** A failed payment call, in words a visitor understands: a message and, when the server listed them, one line per refused field. */
export class PaymentError extends Error {
  readonly fields: readonly FieldProblem[];
  readonly status: number | null;
  /** The answer's Retry-After, in milliseconds (a 429 or 503 that says when to ask again); null when it has none. */
  readonly retryAfterMs: number | null;

  constructor(message: string, options: { fields?: readonly FieldProblem[]; status?: number | null; retryAfterMs?: number | null } = {}) {
    super(message);
    this.name = 'PaymentError';
    this.fields = options.fields ?? [];
    this.status = options.status ?? null;
    this.retryAfterMs = options.retryAfterMs ?? null;
  }

  /** One line per refused field, as the page lists them. */
  get problems(): readonly string[] {
    return this.fields.map((field) => field.text);
  }

  /** Whether the server refused the field at `path` or one inside it ("customerData" covers "customerData.email"). */
  refused(path: string): boolean {
    return this.fields.some((field) => field.path === path || field.path.startsWith(`${path}.`) || field.path.startsWith(`${path}[`));
  }

  /** True when the server rejected the saved checkout details, which only /checkout can change. */
  get customerDetailsRejected(): boolean {
    return this.refused('customerData');
  }
}

/** The order as the payment API takes it (POST /api/create-payment, and /api/mpesa-payment with the phone beside): prices in dollars. */
export interface OrderWire {
  readonly items: { id: string; name: string; price: number; quantity: number }[];
  readonly customerData: CheckoutData;
}

export function orderWire(lines: readonly PaymentLine[], customer: CheckoutData): OrderWire {
  return {
    items: lines.map((line) => ({ id: line.id, name: line.name, price: centsToDollars(line.priceCents), quantity: line.quantity })),
    customerData: customer,
  };
}

/**
 * POSTs a request that starts a payment (card or M-Pesa) with the attempt's Idempotency-Key, and
 * answers the response's body; a failure is a PaymentError naming the order's `lines` by name.
 */
export async function startPaymentRequest(path: string, method: 'card' | 'mpesa', body: OrderWire, lines: readonly PaymentLine[], history: AttemptHistory): Promise<unknown> {
  try {
    const headers = { [IDEMPOTENCY_KEY_HEADER]: paymentAttemptKey(history, { method, body }) };
    return (await (await paymentsHttp()).post<unknown>(path, body, { headers })).data;
  } catch (error) {
    throw reshapeFailure(error, lines);
  }
}

/** GETs a resource of the payment API and answers its body; a failure is a PaymentError. */
export async function readPaymentApi(path: string, params?: Readonly<Record<string, string>>): Promise<unknown> {
  try {
    return (await (await paymentsHttp()).get<unknown>(path, params ? { params } : {})).data;
  } catch (error) {
    throw reshapeFailure(error, []);
  }
}

export async function createPayment(lines: readonly PaymentLine[], customer: CheckoutData, history: AttemptHistory): Promise<CreatedCheckout> {
  return reshapeCreatedCheckout(await startPaymentRequest('/api/create-payment', 'card', orderWire(lines, customer), lines, history));
}

export async function getCheckoutSession(sessionId: string): Promise<CheckoutSessionSummary> {
  const summary = reshapeSessionSummary(await readPaymentApi('/api/checkout-session', { session_id: sessionId }));
  if (!summary) throw new PaymentError(PAYMENT_MESSAGES.sessionUnreadable);
  return summary;
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function reshapeCreatedCheckout(data: unknown): CreatedCheckout {
  const url = isRecord(data) && typeof data.url === 'string' ? data.url.trim() : '';
  if (!url || !isWebUrl(url)) throw new PaymentError(PAYMENT_MESSAGES.noUrl);
  const invoiceNumber = isRecord(data) && typeof data.invoiceNumber === 'string' && data.invoiceNumber ? data.invoiceNumber : null;
  return { url, invoiceNumber };
}

/** Only a web page may be opened: never a `javascript:` or `data:` URL, whoever sent it. */
function isWebUrl(url: string): boolean {
  try {
    const base = typeof window === 'undefined' ? 'http://localhost' : window.location.href;
    const { protocol } = new URL(url, base);
    return protocol === 'https:' || protocol === 'http:';
  } catch {
    return false;
  }
}

const STATUSES: readonly CheckoutStatus[] = ['pending', 'paid', 'failed', 'expired'];

function isCheckoutStatus(value: unknown): value is CheckoutStatus {
  return typeof value === 'string' && (STATUSES as readonly string[]).includes(value);
}

function isCents(value: unknown): value is number {
  return typeof value === 'number' && Number.isInteger(value) && value >= 0;
}

function reshapeSessionSummary(data: unknown): CheckoutSessionSummary | null {
  if (!isRecord(data)) return null;
  const { invoiceNumber, status, amountCents, currency, items, createdAt } = data;
  if (typeof invoiceNumber !== 'string' || !invoiceNumber || !isCheckoutStatus(status) || !isCents(amountCents)) return null;
  const lines = Array.isArray(items)
    ? items.flatMap((item) =>
        isRecord(item) && typeof item.name === 'string' && typeof item.quantity === 'number' && isCents(item.amountCents)
          ? [{ name: item.name, quantity: item.quantity, amountCents: item.amountCents }]
          : [],
      )
    : [];
  return {
    invoiceNumber,
    status,
    amountCents,
    currency: typeof currency === 'string' ? currency : 'usd',
    items: lines,
    createdAt: typeof createdAt === 'string' ? createdAt : '',
    ...(typeof data.receiptNumber === 'string' && /^[A-Z0-9]{8,12}$/.test(data.receiptNumber) ? { mpesaReceiptNumber: data.receiptNumber } : {}),
  };
}

const CUSTOMER_FIELD_LABELS: Readonly<Record<string, string>> = {
  fullName: 'Full name',
  email: 'Email',
  phone: 'Phone',
  companyName: 'Company name',
  notes: 'Additional notes',
  acceptTerms: 'Terms of Service',
};

const ITEM_FIELD_LABELS: Readonly<Record<string, string>> = {
  price: 'Price of',
  quantity: 'Quantity of',
  name: 'Name of',
};

/** "customerData.email" → "Email"; "items[0].price" → "Price of Essay Editing". */
export function describeField(path: string, lines: readonly PaymentLine[]): string {
  if (path === MPESA_PHONE_FIELD) return 'M-Pesa number';
  const customer = /^customerData(?:\.(\w+))?$/.exec(path);
  if (customer) return customer[1] ? (CUSTOMER_FIELD_LABELS[customer[1]] ?? 'Your details') : 'Your details';
  const item = /^items(?:\[(\d+)\](?:\.(\w+))?)?$/.exec(path);
  if (item) {
    if (item[1] === undefined) return 'Your package';
    const line = lines[Number(item[1])];
    const itemName = line ? line.name : `Item ${Number(item[1]) + 1}`;
    const prefix = item[2] ? ITEM_FIELD_LABELS[item[2]] : undefined;
    return prefix ? `${prefix} ${itemName}` : itemName;
  }
  return 'Your order';
}

const STATUS_MESSAGES: Readonly<Record<number, string>> = {
  400: 'Some details of your order were not accepted.',
  413: 'Your order is too large to process. Please remove some items and try again.',
  // The payment API says why and how long (paymentLimitMessage); this is for a hop in front of it that refused alone.
  429: PAYMENT_LIMIT_FALLBACK_MESSAGE,
};

/** What the page says of a failure: its own message, or the product's fallback when it has none. */
export function failureMessage(error: unknown): string {
  return error instanceof Error && error.message.trim() ? error.message : PAYMENT_MESSAGES.fallback;
}

export function reshapeFailure(error: unknown, lines: readonly PaymentLine[]): PaymentError {
  if (error instanceof PaymentError) return error;
  if (!isAxiosError(error)) return new PaymentError(failureMessage(error));
  const response = error.response;
  // No answer (offline, timeout) or an answer without a message: the product's own words, not axios's
  // "Network Error".
  if (!response) return new PaymentError(PAYMENT_MESSAGES.fallback);
  const data = response.data;
  const serverMessage = isRecord(data) && typeof data.error === 'string' ? data.error.trim() : '';
  const fieldErrors =
    isRecord(data) && isRecord(data.fieldErrors)
      ? Object.entries(data.fieldErrors).flatMap(([path, message]) => (typeof message === 'string' && message.trim() ? [{ path, message: message.trim() }] : []))
      : [];
  const fields = fieldErrors.map(({ path, message }) => ({ path, text: `${describeField(path, lines)}: ${message}` }));
  const message = serverMessage || STATUS_MESSAGES[response.status] || PAYMENT_MESSAGES.fallback;
  return new PaymentError(message, { fields, status: response.status, retryAfterMs: retryAfterMs(headerOf(response.headers, 'retry-after')) });
}

function headerOf(headers: unknown, name: string): string | null {
  if (!isRecord(headers)) return null;
  const get = (headers as { get?: unknown }).get;
  const value = typeof get === 'function' ? (get as (key: string) => unknown).call(headers, name) : headers[name];
  return typeof value === 'string' ? value : typeof value === 'number' ? String(value) : null;
}

/** Retry-After as seconds or an HTTP date, in milliseconds from now; null when absent or unreadable. */
export function retryAfterMs(value: string | null, now: number = Date.now()): number | null {
  if (value === null) return null;
  const trimmed = value.trim();
  if (/^\d+$/.test(trimmed)) return Number(trimmed) * 1000;
  const at = Date.parse(trimmed);
  return Number.isNaN(at) ? null : Math.max(0, at - now);
}
