/**
 * Thousands of malformed create-payment requests from a seeded (reproducible) generator: mutated
 * valid orders, random JSON, truncated JSON, raw bytes, wrong media types. None may get a 5xx or
 * leak a stack trace. Most go straight to the Lambda handler; a share goes over HTTP through the
 * local runtime's event conversion.
 */
import { isCatalogueServiceName, isCustomItemId, CUSTOM_LINE_LABEL } from '@kesho/site-rules/catalogue';
import { hasNoEncodedWord, isSafeMultiLineText, isSafeOneLineText } from '@kesho/site-rules/text-rules';
import { confusableSkeleton } from '../src/orders/confusables';
import { createCreatePaymentHandler } from '../src/handlers/create-payment';
import type { ApiGatewayEvent, ApiGatewayResult } from '../src/http/apiGateway';
import { catalogueItem, validOrder } from './support/orders';
import { startTestServer, type TestServer } from './support/testServer';

const SEED = 20_260_128;
const HANDLER_CASES = 3_000;
const HTTP_CASES = 400;

type Random = () => number;

function mulberry32(seed: number): Random {
  let state = seed;
  return () => {
    state = (state + 0x6d2b79f5) | 0;
    let t = Math.imul(state ^ (state >>> 15), 1 | state);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4_294_967_296;
  };
}

const pick = <T>(random: Random, options: readonly T[]): T => options[Math.floor(random() * options.length)] as T;

const STRINGS = [
  '',
  ' ',
  'essay-editing',
  'custom-',
  'custom-1',
  'custom-../../x',
  '__proto__',
  'constructor',
  '<script>alert(1)</script>',
  '\u0000\u0007',
  '𝕂𝕖𝕤𝕙𝕠',
  '1e309',
  'NaN',
  'true',
  'x'.repeat(5_000),
  'a@b',
  'amani@example.com',
  '+254712345678',
];
/** The characters issue 17 found accepted: direction overrides and isolates, zero-width, lone surrogates, NUL, ESC, line breaks. */
const HOSTILE_CHARACTERS = [
  '\u202e',
  '\u202d',
  '\u2066',
  '\u2067',
  '\u2068',
  '\u2069',
  '\u200b',
  '\u200c',
  '\u200d',
  '\u200e',
  '\u2060',
  '\ufeff',
  '\u061c',
  '\ud800',
  '\udfff',
  '\u0000',
  '\u001b',
  '\u007f',
  '\u0085',
  '\n',
  '\r',
  '\t',
  '\u2028',
  '\u2029',
];
/** Look-alikes of a catalogue service (compatibility forms and other scripts' letters), MIME encoded words, a phone without digits and mailboxes Stripe refuses. */
const HOSTILE_STRINGS = [
  'VIP Unlimited',
  'vip-unlimited',
  'Custom: VIP Unlimited',
  'ＶＩＰ Unlimited',
  'aaaaaaaaaa',
  '----------',
  'Basic C\u043Ensultation',
  'VIP Unl\u0456mited',
  '\u0395ssay Editing',
  '=?utf-8?b?DQpCY2M6IGV2aWxAYXR0YWNrZXIudGVzdA==?=',
  'Amani =?iso-8859-1?q?=0D=0ABcc:_x@example.com?=',
  'a@b',
  'amani@localhost',
  'amani@example.',
  '"a b"@example.com',
];
const NUMBERS = [0, -0, 1, -1, 0.1, 0.001, 1.005, 24.99, 25, 2500, 2500.01, 1e21, -1e21, Number.MAX_SAFE_INTEGER, 2 ** 53 + 1, 10, 11, 1.5, 250];

function randomValue(random: Random, depth = 0): unknown {
  const kind = Math.floor(random() * (depth > 3 ? 6 : 9));
  switch (kind) {
    case 0:
      return null;
    case 1:
      return random() < 0.5;
    case 2:
      return pick(random, NUMBERS);
    case 3:
      return Math.floor(random() * 1e6) / 100;
    case 4:
      return random() < 0.6 ? pick(random, STRINGS) : hostileText(random);
    case 5:
      return String.fromCharCode(...Array.from({ length: Math.floor(random() * 20) }, () => Math.floor(random() * 0xffff)));
    case 6:
      return Array.from({ length: Math.floor(random() * 4) }, () => randomValue(random, depth + 1));
    case 7:
      return Object.fromEntries(
        Array.from({ length: Math.floor(random() * 4) }, () => [pick(random, [...STRINGS.slice(0, 9), 'items', 'customerData', 'price']), randomValue(random, depth + 1)]),
      );
    default:
      return Array.from({ length: 25 }, () => catalogueItem('basic-consultation'));
  }
}

/** A plausible value with hostile characters spliced in, or a hostile look-alike as it is. */
function hostileText(random: Random): string {
  if (random() < 0.3) return pick(random, HOSTILE_STRINGS);
  let text = pick(random, ['Amani Wanjiru', 'Courier', 'amani@example.com', '+254712345678', 'Kesho Ltd', 'VIP Unlimited']);
  for (let count = 1 + Math.floor(random() * 2); count > 0; count -= 1) {
    const at = Math.floor(random() * (text.length + 1));
    text = `${text.slice(0, at)}${pick(random, HOSTILE_CHARACTERS)}${text.slice(at)}`;
  }
  return text;
}

const ITEM_FIELDS = ['id', 'name', 'price', 'quantity'] as const;
const CUSTOMER_FIELDS = ['fullName', 'email', 'phone', 'companyName', 'notes', 'acceptTerms'] as const;

function mutatedOrder(random: Random): unknown {
  const order = validOrder([catalogueItem('essay-editing', 2), { id: 'custom-42', name: 'Courier', price: 40, quantity: 1 }]) as unknown as Record<string, unknown>;
  const mutations = 1 + Math.floor(random() * 3);
  for (let index = 0; index < mutations; index += 1) {
    const target = Math.floor(random() * 5);
    const items = order.items as Record<string, unknown>[];
    const customer = order.customerData as Record<string, unknown>;
    const remove = random() < 0.25;
    if (random() < 0.3) {
      const item = Array.isArray(items) ? items[1] : undefined;
      if (random() < 0.4 && item && typeof item === 'object') item.name = hostileText(random);
      else if (customer && typeof customer === 'object') customer[pick(random, ['fullName', 'email', 'phone', 'companyName', 'notes'])] = hostileText(random);
      continue;
    }
    if (target === 0) {
      order[pick(random, ['items', 'customerData', 'extra'])] = remove ? undefined : randomValue(random);
    } else if (target <= 2 && Array.isArray(items) && items.length > 0) {
      const item = items[Math.floor(random() * items.length)];
      if (item && typeof item === 'object') item[pick(random, ITEM_FIELDS)] = remove ? undefined : randomValue(random);
    } else if (customer && typeof customer === 'object' && !Array.isArray(customer)) {
      customer[pick(random, CUSTOMER_FIELDS)] = remove ? undefined : randomValue(random);
    }
  }
  return order;
}

interface FuzzCase {
  readonly body: Buffer;
  readonly contentType: string | undefined;
}

function fuzzCase(random: Random): FuzzCase {
  const contentType =
    random() < 0.9
      ? pick(random, ['application/json', 'application/json; charset=utf-8', 'APPLICATION/JSON'])
      : pick(random, [undefined, 'text/plain', 'application/jsonx', 'application/json; charset=latin1', 'multipart/form-data']);
  const shape = random();
  let text: string;
  if (shape < 0.55) text = JSON.stringify(mutatedOrder(random));
  else if (shape < 0.75) text = JSON.stringify(randomValue(random)) ?? 'undefined';
  else if (shape < 0.88) {
    const full = JSON.stringify(mutatedOrder(random));
    text = full.slice(0, Math.floor(random() * full.length));
  } else if (shape < 0.95) {
    return { contentType, body: Buffer.from(Array.from({ length: Math.floor(random() * 200) }, () => Math.floor(random() * 256))) };
  } else {
    text = `${'['.repeat(2_000 + Math.floor(random() * 25_000))}1`;
  }
  return { contentType, body: Buffer.from(text, 'utf8') };
}

function event(testCase: FuzzCase, base64: boolean): ApiGatewayEvent {
  return {
    version: '2.0',
    routeKey: 'POST /api/create-payment',
    rawPath: '/api/create-payment',
    rawQueryString: '',
    headers: testCase.contentType ? { 'content-type': testCase.contentType } : {},
    requestContext: { requestId: 'fuzz', timeEpoch: Date.now(), http: { method: 'POST', path: '/api/create-payment', protocol: 'HTTP/1.1', sourceIp: '127.0.0.1', userAgent: 'fuzz' } },
    body: base64 ? testCase.body.toString('base64') : testCase.body.toString('utf8'),
    isBase64Encoded: base64,
  };
}

function tally(statuses: Map<number, number>, status: number): void {
  statuses.set(status, (statuses.get(status) ?? 0) + 1);
}

function expectCleanAnswer(status: number, body: string): void {
  expect(status).toBeLessThan(500);
  expect(body).not.toMatch(/\n\s+at |node_modules|\.ts:\d+/);
  if (status !== 200) expect(typeof (JSON.parse(body) as { error?: unknown }).error).toBe('string');
}

/** An accepted order carries only clean text, and its custom lines say so and borrow no catalogue name. */
async function expectCleanOrder(body: string): Promise<void> {
  const { invoiceNumber } = JSON.parse(body) as { invoiceNumber: string };
  const order = await server.api.runtime.orders.getOrder(invoiceNumber);
  if (!order) throw new Error(`accepted order ${invoiceNumber} was not stored`);
  const { notes, ...oneLine } = order.customer;
  for (const text of [...Object.values(oneLine), ...order.lines.map((line) => line.name)]) expect([text, isSafeOneLineText(text)]).toEqual([text, true]);
  for (const text of [order.customer.fullName, order.customer.companyName ?? '', ...order.lines.map((line) => line.name)]) expect([text, hasNoEncodedWord(text)]).toEqual([text, true]);
  expect(isSafeMultiLineText(notes)).toBe(true);
  expect(order.customer.email).toMatch(/@[^@]+\.[^@.]+$/);
  expect(order.customer.phone.replace(/\D/g, '').length).toBeGreaterThanOrEqual(7);
  for (const line of order.lines.filter((candidate) => isCustomItemId(candidate.id))) {
    expect(line.name.startsWith(CUSTOM_LINE_LABEL)).toBe(true);
    expect([line.name, isCatalogueServiceName(line.name.slice(CUSTOM_LINE_LABEL.length), confusableSkeleton)]).toEqual([line.name, false]);
  }
}

let server: TestServer;

beforeAll(async () => {
  // Error-level logs stay on: a 5xx here prints the handler's own error line, so its cause is visible.
  server = await startTestServer({ env: { LOG_LEVEL: 'error' } });
});

afterAll(async () => {
  await server.close();
});

describe('create-payment under malformed input', () => {
  it(`answers ${HANDLER_CASES} generated requests to the handler without a single 5xx`, async () => {
    const random = mulberry32(SEED);
    const statuses = new Map<number, number>();
    // The handler over the test server's own services, as its local API builds it.
    const { config, logger, services } = server.api.runtime;
    const createPayment = createCreatePaymentHandler({ config, logger, startCheckout: services.startCheckout, paymentLimits: services.paymentLimits });
    for (let index = 0; index < HANDLER_CASES; index += 1) {
      const testCase = fuzzCase(random);
      const result: ApiGatewayResult = await createPayment(event(testCase, random() < 0.3));
      tally(statuses, result.statusCode);
      expectCleanAnswer(result.statusCode, result.body);
      if (result.statusCode === 200) await expectCleanOrder(result.body);
    }
    console.log(`fuzz (handler, seed ${SEED}): ${HANDLER_CASES} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
    expect([...statuses.keys()].every((status) => [200, 400, 409, 413, 415].includes(status))).toBe(true);
    expect(statuses.get(400)).toBeGreaterThan(HANDLER_CASES / 3);
  }, 60_000);

  it(`answers ${HTTP_CASES} generated requests over HTTP without a single 5xx`, async () => {
    const random = mulberry32(SEED + 1);
    const statuses = new Map<number, number>();
    for (let index = 0; index < HTTP_CASES; index += 1) {
      const testCase = fuzzCase(random);
      const response = await fetch(`${server.origin}/api/create-payment`, {
        method: 'POST',
        headers: testCase.contentType ? { 'Content-Type': testCase.contentType } : {},
        body: new Uint8Array(testCase.body),
      });
      tally(statuses, response.status);
      expectCleanAnswer(response.status, await response.text());
    }
    console.log(`fuzz (HTTP, seed ${SEED + 1}): ${HTTP_CASES} requests, statuses ${JSON.stringify(Object.fromEntries([...statuses].sort()))}`);
  }, 60_000);
});
