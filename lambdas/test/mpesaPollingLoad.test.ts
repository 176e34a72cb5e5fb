/**
 * Issue 41, item 2: the API's route throttles fit real payers. 50 families start an M-Pesa payment at
 * the same moment, each from its own address and phone, and poll it on the M-Pesa page's schedule
 * (@kesho/site-rules/mpesa MPESA_POLL_SCHEDULE) through the local server, which answers 429 over each
 * route's throttle as API Gateway does (routeThrottles, as `npm start` runs it) and applies the
 * payment limits' defaults: none is refused. The fastest phase of the schedule (the first 20 s) is the
 * peak; the test runs it and the first slower polls after it.
 */
import { MPESA_POLL_SCHEDULE, mpesaPollDelayMs } from '@kesho/site-rules/mpesa';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { catalogueItem, validOrder } from './support/orders';
import { postJson, startTestServer, type TestServer } from './support/testServer';

const PAYERS = 50;
/** The fast phase and the first two slower polls. */
const RUN_MS = MPESA_POLL_SCHEDULE.fastForMs + 8_000;
/**
 * The schedule's clock: the time the page has waited between polls, which is what its schedule counts
 * (the page starts a wait when the last answer is in). The polls each payer makes are the schedule's,
 * however long a loaded machine takes to answer them: 10 in the fast phase, then 3 slower ones (13).
 */
function scheduledPollTimes(): number[] {
  const times: number[] = [];
  for (let poll = 0, waited = 0; waited < RUN_MS; poll += 1) {
    times.push(waited);
    waited += mpesaPollDelayMs(poll, waited);
  }
  return times;
}
const POLL_TIMES = scheduledPollTimes();

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer({
    routeThrottles: true,
    // The payment limits' own defaults (npm start's and AWS's), each payer its own address as the distribution writes it.
    env: { PAYMENT_RATE_LIMIT_PER_CLIENT: '', MPESA_RATE_LIMIT_PER_PHONE: '', MPESA_PUSH_HOLD_SECONDS: '', CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER },
  });
});
afterAll(() => server.close());

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

async function payer(index: number): Promise<number[]> {
  const address = { [VIEWER_ADDRESS_HEADER]: `41.90.${Math.floor(index / 200)}.${(index % 200) + 1}` };
  const statuses: number[] = [];
  const phone = `0712${String(100_000 + index)
    .slice(1)
    .padStart(6, '0')}`;
  const started = await postJson(
    `${server.origin}/api/mpesa-payment`,
    { ...validOrder([catalogueItem('essay-editing')]), phone },
    { ...address, 'Idempotency-Key': `load-test-payer-${String(index).padStart(4, '0')}-${Date.now()}` },
  );
  statuses.push(started.status);
  if (started.status !== 200) return statuses;
  const { payment } = (await started.json()) as { payment: { paymentId: string } };
  for (const [poll, waited] of POLL_TIMES.entries()) {
    if (poll > 0) await sleep(waited - (POLL_TIMES[poll - 1] ?? 0));
    const response = await fetch(`${server.origin}/api/mpesa-payment?payment_id=${payment.paymentId}`, { headers: address });
    statuses.push(response.status);
    await response.arrayBuffer();
  }
  return statuses;
}

test(`${PAYERS} payers start an M-Pesa payment at once and poll it on the page's schedule through the local server: none is refused`, async () => {
  const all = await Promise.all(Array.from({ length: PAYERS }, (_unused, index) => payer(index)));
  const statuses = all.flat();
  const counts = statuses.reduce<Record<number, number>>((tally, status) => ({ ...tally, [status]: (tally[status] ?? 0) + 1 }), {});
  expect(counts).toEqual({ 200: statuses.length });
  // Every payer started and polled through the fast phase (every 2 s for 20 s: ten polls each) and the two slower polls after it.
  expect(POLL_TIMES.filter((waited) => waited < MPESA_POLL_SCHEDULE.fastForMs)).toHaveLength(MPESA_POLL_SCHEDULE.fastForMs / MPESA_POLL_SCHEDULE.firstIntervalMs);
  for (const payerStatuses of all) expect(payerStatuses).toHaveLength(1 + POLL_TIMES.length);
}, 120_000);

test("the same server refuses what API Gateway would: a burst past the status route's bucket gets 429 with API Gateway's body", async () => {
  const responses = await Promise.all(Array.from({ length: 400 }, () => fetch(`${server.origin}/api/mpesa-payment?payment_id=mp_AAAAAAAAAAAAAAAAAAAAAA`)));
  const refused = responses.filter((response) => response.status === 429);
  expect(refused.length).toBeGreaterThan(0);
  expect(await refused[0]?.json()).toEqual({ message: 'Too Many Requests' });
  expect(refused[0]?.headers.get('retry-after')).toBeNull();
}, 60_000);
