/**
 * A Stripe-compatible test server for the two Checkout Session calls the backend makes, reached by
 * the real SDK through its host/port/protocol options. It is strict where Stripe is strict: any
 * parameter the Checkout Session create API of 2026-10-28 does not accept (payment_method_types and
 * ui_mode among them) gets Stripe's 400 "parameter_unknown" error, a wrong key gets 401, and an
 * idempotency key replays its first answer. Every request is recorded for assertions.
 */
import { randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface RecordedRequest {
  readonly method: string;
  readonly path: string;
  readonly params: Record<string, unknown>;
  readonly idempotencyKey: string | undefined;
  readonly stripeVersion: string | undefined;
}

export interface FakeSession {
  id: string;
  object: 'checkout.session';
  status: 'open' | 'complete' | 'expired';
  payment_status: 'paid' | 'unpaid' | 'no_payment_required';
  amount_total: number;
  amount_subtotal: number;
  currency: string;
  client_reference_id: string | null;
  customer_email: string | null;
  metadata: Record<string, string>;
  mode: string;
  success_url: string | null;
  cancel_url: string | null;
  expires_at: number;
  created: number;
  url: string | null;
  livemode: false;
  /** The session's payment intent, returned as an object when the request expands it. */
  payment_intent: string | null;
  line_items_sent: Record<string, unknown>[];
  payment_intent_status: FakePaymentIntentStatus | null;
}

export type FakePaymentIntentStatus = 'processing' | 'requires_payment_method' | 'succeeded' | 'canceled';

export interface FakeStripe {
  readonly host: string;
  readonly port: number;
  readonly secretKey: string;
  readonly requests: RecordedRequest[];
  readonly sessions: Map<string, FakeSession>;
  /** Every following request gets this status (Stripe-shaped error, no retry) until restored. */
  failWith(status: number | null): void;
  /** Stripe's own e-mail checks go beyond any form's: these addresses get its email_invalid error. */
  refuseEmail(email: string): void;
  /** Lets test code run while a create request is in flight, before the session exists. */
  onCreate(hook: (() => Promise<void> | void) | null): void;
  updateSession(id: string, patch: Partial<Pick<FakeSession, 'status' | 'payment_status' | 'amount_total' | 'currency' | 'payment_intent_status'>>): FakeSession;
  /** The environment that points the backend at this server. */
  env(webhookSecret: string): Record<string, string>;
  close(): Promise<void>;
}

/** The top-level parameters POST /v1/checkout/sessions accepts (API 2026-10-28). */
export const ACCEPTED_SESSION_PARAMETERS: ReadonlySet<string> = new Set([
  'adaptive_pricing',
  'after_expiration',
  'allow_promotion_codes',
  'allowed_payment_method_types',
  'automatic_tax',
  'billing_address_collection',
  'branding_settings',
  'cancel_url',
  'client_reference_id',
  'consent_collection',
  'currency',
  'custom_fields',
  'custom_text',
  'customer',
  'customer_account',
  'customer_creation',
  'customer_email',
  'customer_update',
  'discounts',
  'excluded_payment_method_types',
  'expand',
  'expires_at',
  'integration_identifier',
  'invoice_creation',
  'line_items',
  'locale',
  'managed_payments',
  'metadata',
  'mode',
  'name_collection',
  'optional_items',
  'origin_context',
  'payment_intent_data',
  'payment_method_collection',
  'payment_method_configuration',
  'payment_method_data',
  'payment_method_options',
  'permissions',
  'phone_number_collection',
  'redirect_on_completion',
  'return_url',
  'saved_payment_method_options',
  'setup_intent_data',
  'shipping_address_collection',
  'shipping_options',
  'submit_type',
  'subscription_data',
  'success_url',
  'tax_id_collection',
  'wallet_options',
]);
const LINE_ITEM_PARAMETERS = new Set(['adjustable_quantity', 'dynamic_tax_rates', 'metadata', 'price', 'price_data', 'quantity', 'tax_rates']);
const PRICE_DATA_PARAMETERS = new Set(['currency', 'product', 'product_data', 'recurring', 'tax_behavior', 'unit_amount', 'unit_amount_decimal']);
const PRODUCT_DATA_PARAMETERS = new Set(['description', 'images', 'metadata', 'name', 'tax_code', 'unit_label']);

class StripeRequestError extends Error {
  constructor(
    readonly status: number,
    readonly type: string,
    readonly code: string | undefined,
    readonly param: string | undefined,
    message: string,
  ) {
    super(message);
  }
}

const unknownParameter = (param: string) => new StripeRequestError(400, 'invalid_request_error', 'parameter_unknown', param, `Received unknown parameter: ${param}`);
const invalidParameter = (param: string, message: string) => new StripeRequestError(400, 'invalid_request_error', 'parameter_invalid', param, message);
const missingParameter = (param: string) => new StripeRequestError(400, 'invalid_request_error', 'parameter_missing', param, `Missing required param: ${param}.`);

export async function startFakeStripe(secretKey = 'sk_test_fakeStripeKey'): Promise<FakeStripe> {
  const requests: RecordedRequest[] = [];
  const sessions = new Map<string, FakeSession>();
  const idempotent = new Map<string, { body: string; response: string }>();
  let failureStatus: number | null = null;
  let createHook: (() => Promise<void> | void) | null = null;
  const refusedEmails = new Set<string>();

  const server: Server = createServer((req, res) => {
    void respond(req, res).catch((error: unknown) => {
      send(res, 500, { error: { type: 'api_error', message: error instanceof Error ? error.message : 'fake failure' } });
    });
  });

  async function respond(req: IncomingMessage, res: ServerResponse): Promise<void> {
    const chunks: Buffer[] = [];
    for await (const chunk of req) chunks.push(chunk as Buffer);
    const bodyText = Buffer.concat(chunks).toString('utf8');
    const url = new URL(req.url ?? '/', 'http://fake-stripe');
    const method = req.method ?? 'GET';
    const params = parseStripeForm(method === 'GET' ? url.search.slice(1) : bodyText);
    const idempotencyKey = header(req, 'idempotency-key');
    requests.push({ method, path: url.pathname, params, idempotencyKey, stripeVersion: header(req, 'stripe-version') });

    if (failureStatus !== null) {
      res.setHeader('Stripe-Should-Retry', 'false');
      return send(res, failureStatus, { error: { type: 'api_error', message: 'The fake Stripe was told to fail.' } });
    }
    if (header(req, 'authorization') !== `Bearer ${secretKey}`) {
      return send(res, 401, { error: { type: 'invalid_request_error', message: 'Invalid API Key provided.' } });
    }

    try {
      if (method === 'POST' && url.pathname === '/v1/checkout/sessions') {
        if (idempotencyKey) {
          const previous = idempotent.get(idempotencyKey);
          if (previous && previous.body !== bodyText) {
            throw new StripeRequestError(400, 'idempotency_error', undefined, undefined, 'Keys for idempotent requests can only be used with the same parameters they were first used with.');
          }
          if (previous) return sendRaw(res, 200, previous.response);
        }
        if (createHook) await createHook();
        const session = createSession(params, refusedEmails);
        sessions.set(session.id, session);
        const response = JSON.stringify(publicSession(session));
        if (idempotencyKey) idempotent.set(idempotencyKey, { body: bodyText, response });
        return sendRaw(res, 200, response);
      }
      const retrieve = /^\/v1\/checkout\/sessions\/([^/]+)$/.exec(url.pathname);
      if (method === 'GET' && retrieve?.[1]) {
        const session = sessions.get(decodeURIComponent(retrieve[1]));
        if (!session) throw new StripeRequestError(404, 'invalid_request_error', 'resource_missing', 'session', `No such checkout.session: '${retrieve[1]}'`);
        return send(res, 200, publicSession(session, Array.isArray(params.expand) ? params.expand : []));
      }
      throw new StripeRequestError(404, 'invalid_request_error', undefined, undefined, `Unrecognized request URL (${method}: ${url.pathname}).`);
    } catch (error) {
      if (!(error instanceof StripeRequestError)) throw error;
      return send(res, error.status, { error: { type: error.type, message: error.message, ...(error.code ? { code: error.code } : {}), ...(error.param ? { param: error.param } : {}) } });
    }
  }

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;

  return {
    host: '127.0.0.1',
    port,
    secretKey,
    requests,
    sessions,
    failWith(status) {
      failureStatus = status;
    },
    refuseEmail(email) {
      refusedEmails.add(email);
    },
    onCreate(hook) {
      createHook = hook;
    },
    updateSession(id, patch) {
      const session = sessions.get(id);
      if (!session) throw new Error(`The fake Stripe has no session ${id}`);
      Object.assign(session, patch);
      if (session.payment_intent_status !== null) session.payment_intent ??= `pi_test_${randomBytes(12).toString('hex')}`;
      return session;
    },
    env(webhookSecret) {
      return {
        STRIPE_SECRET_KEY: secretKey,
        STRIPE_WEBHOOK_SECRET: webhookSecret,
        STRIPE_API_HOST: '127.0.0.1',
        STRIPE_API_PORT: String(port),
        STRIPE_API_PROTOCOL: 'http',
      };
    },
    close: () =>
      new Promise<void>((resolve, reject) => {
        server.closeAllConnections();
        server.close((error) => (error ? reject(error) : resolve()));
      }),
  };
}

function createSession(params: Record<string, unknown>, refusedEmails: ReadonlySet<string>): FakeSession {
  for (const key of Object.keys(params)) if (!ACCEPTED_SESSION_PARAMETERS.has(key)) throw unknownParameter(key);

  const mode = params.mode;
  if (mode === undefined) throw missingParameter('mode');
  if (mode !== 'payment' && mode !== 'setup' && mode !== 'subscription') throw invalidParameter('mode', `Invalid mode: ${String(mode)}`);
  if (typeof params.success_url !== 'string') throw missingParameter('success_url');

  const lineItems = params.line_items;
  if (!Array.isArray(lineItems) || lineItems.length === 0) throw missingParameter('line_items');
  let amountTotal = 0;
  let currency = '';
  lineItems.forEach((item: unknown, index) => {
    const at = `line_items[${index}]`;
    const line = asRecord(item, at);
    for (const key of Object.keys(line)) if (!LINE_ITEM_PARAMETERS.has(key)) throw unknownParameter(`${at}[${key}]`);
    const priceData = asRecord(line.price_data, `${at}[price_data]`);
    for (const key of Object.keys(priceData)) if (!PRICE_DATA_PARAMETERS.has(key)) throw unknownParameter(`${at}[price_data][${key}]`);
    const productData = asRecord(priceData.product_data, `${at}[price_data][product_data]`);
    for (const key of Object.keys(productData)) if (!PRODUCT_DATA_PARAMETERS.has(key)) throw unknownParameter(`${at}[price_data][product_data][${key}]`);
    if (typeof productData.name !== 'string' || productData.name.length === 0) throw missingParameter(`${at}[price_data][product_data][name]`);
    if (typeof priceData.currency !== 'string' || !/^[a-z]{3}$/.test(priceData.currency)) throw invalidParameter(`${at}[price_data][currency]`, 'Invalid currency');
    const unitAmount = integer(priceData.unit_amount, `${at}[price_data][unit_amount]`, 0);
    const quantity = integer(line.quantity, `${at}[quantity]`, 1);
    amountTotal += unitAmount * quantity;
    currency = priceData.currency;
  });

  const now = Math.floor(Date.now() / 1000);
  let expiresAt = now + 24 * 3600;
  if (params.expires_at !== undefined) {
    expiresAt = integer(params.expires_at, 'expires_at', 0);
    if (expiresAt < now + 30 * 60 || expiresAt > now + 24 * 3600) {
      throw invalidParameter('expires_at', 'The `expires_at` timestamp must be between 30 minutes and 24 hours from Checkout Session creation.');
    }
  }
  const email = params.customer_email;
  if (email !== undefined && (typeof email !== 'string' || !/^[^@\s]+@[^@\s]+\.[^@\s]+$/.test(email) || refusedEmails.has(email))) {
    throw new StripeRequestError(400, 'invalid_request_error', 'email_invalid', 'customer_email', `Invalid email address: ${String(email)}`);
  }
  const reference = params.client_reference_id;
  if (reference !== undefined && (typeof reference !== 'string' || reference.length > 200)) throw invalidParameter('client_reference_id', 'Invalid client_reference_id');
  const metadata = params.metadata === undefined ? {} : asRecord(params.metadata, 'metadata');
  for (const [key, value] of Object.entries(metadata)) {
    if (typeof value !== 'string' || value.length > 500 || key.length > 40) throw invalidParameter(`metadata[${key}]`, 'Invalid metadata');
  }

  const id = `cs_test_${randomBytes(24).toString('hex')}`;
  return {
    id,
    object: 'checkout.session',
    status: 'open',
    payment_status: 'unpaid',
    amount_total: amountTotal,
    amount_subtotal: amountTotal,
    currency,
    client_reference_id: typeof reference === 'string' ? reference : null,
    customer_email: typeof email === 'string' ? email : null,
    metadata: metadata as Record<string, string>,
    mode,
    success_url: params.success_url,
    cancel_url: typeof params.cancel_url === 'string' ? params.cancel_url : null,
    expires_at: expiresAt,
    created: now,
    url: `https://checkout.stripe.com/c/pay/${id}`,
    livemode: false,
    payment_intent: null,
    line_items_sent: lineItems as Record<string, unknown>[],
    payment_intent_status: null,
  };
}

function publicSession(session: FakeSession, expand: readonly unknown[] = []): Record<string, unknown> {
  const { line_items_sent: _sent, payment_intent_status: intentStatus, ...visible } = session;
  if (!expand.includes('payment_intent') || session.payment_intent === null) return visible;
  return { ...visible, payment_intent: { id: session.payment_intent, object: 'payment_intent', status: intentStatus, amount: session.amount_total, currency: session.currency } };
}

/** Stripe's form encoding: a[b][0][c]=v → { a: { b: [ { c: 'v' } ] } }. */
export function parseStripeForm(body: string): Record<string, unknown> {
  const root: Record<string, unknown> = {};
  for (const [key, value] of new URLSearchParams(body)) {
    const segments = [key.split('[')[0] ?? key, ...[...key.matchAll(/\[([^\]]*)\]/g)].map((match) => match[1] ?? '')];
    let node: Record<string, unknown> = root;
    segments.forEach((segment, index) => {
      if (index === segments.length - 1) {
        node[segment] = value;
        return;
      }
      node[segment] ??= {};
      node = node[segment] as Record<string, unknown>;
    });
  }
  return arraysFromIndexes(root) as Record<string, unknown>;
}

function arraysFromIndexes(value: unknown): unknown {
  if (typeof value !== 'object' || value === null) return value;
  const entries = Object.entries(value as Record<string, unknown>).map(([key, child]) => [key, arraysFromIndexes(child)] as const);
  const numeric = entries.length > 0 && entries.every(([key]) => /^\d+$/.test(key));
  return numeric ? entries.sort(([a], [b]) => Number(a) - Number(b)).map(([, child]) => child) : Object.fromEntries(entries);
}

function asRecord(value: unknown, param: string): Record<string, unknown> {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) throw missingParameter(param);
  return value as Record<string, unknown>;
}

function integer(value: unknown, param: string, minimum: number): number {
  const number = typeof value === 'string' && /^-?\d+$/.test(value) ? Number(value) : Number.NaN;
  if (!Number.isInteger(number) || number < minimum) throw invalidParameter(param, `Invalid integer: ${String(value)}`);
  return number;
}

function header(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

function send(res: ServerResponse, status: number, body: unknown): void {
  sendRaw(res, status, JSON.stringify(body));
}

function sendRaw(res: ServerResponse, status: number, body: string): void {
  res.writeHead(status, { 'Content-Type': 'application/json', 'Request-Id': `req_${randomBytes(6).toString('hex')}` });
  res.end(body);
}
