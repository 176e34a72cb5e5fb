import { API_ROUTES } from '../src/api-routes';
import { API_PEAK, createRouteBuckets, ROUTE_THROTTLES, routeKeyOf, unsizedRoutes } from '../src/api-throttles';
import { MPESA_POLL_SCHEDULE, mpesaPollDelayMs } from '@kesho/site-rules/mpesa';

/** Every poll time of one payer on the page's schedule, in ms after its push (answers taking no time). */
function pollTimes(): number[] {
  const times: number[] = [];
  for (let at = 0, index = 0; at <= MPESA_POLL_SCHEDULE.totalMs; index += 1) {
    times.push(at);
    at += mpesaPollDelayMs(index, at);
  }
  return times;
}

/** API Gateway's bucket for one route, played on a clock: the requests refused when `payers` poll at once. */
function refusedWhenAllPoll(payers: number, throttle?: { rateLimit: number; burstLimit: number }): number {
  let clock = 0;
  const buckets = createRouteBuckets(() => clock);
  const events = pollTimes().flatMap((at) => Array.from({ length: payers }, () => at));
  let refused = 0;
  for (const at of events) {
    clock = at;
    const admitted = throttle ? takeFrom(throttle, at) : buckets.take('GET', '/api/mpesa-payment');
    if (!admitted) refused += 1;
  }
  return refused;
}

/** The same bucket with another size (the limits before issue 41: 10/s, burst 20). */
const oldBucket = { tokens: 20, at: 0 };
function takeFrom(throttle: { rateLimit: number; burstLimit: number }, at: number): boolean {
  oldBucket.tokens = Math.min(throttle.burstLimit, oldBucket.tokens + ((at - oldBucket.at) / 1000) * throttle.rateLimit);
  oldBucket.at = at;
  if (oldBucket.tokens < 1) return false;
  oldBucket.tokens -= 1;
  return true;
}

describe('route throttles sized from the stated peak', () => {
  test('every route of the API has its own size (a new route cannot fall back to a default)', () => {
    expect(unsizedRoutes()).toEqual([]);
    const keys = API_ROUTES.flatMap((route) => route.methods.map((method) => routeKeyOf(method, route.path)));
    expect(Object.keys(ROUTE_THROTTLES).sort()).toEqual([...keys].sort());
  });

  test("the M-Pesa page's schedule: every 2 s for 20 s, then further apart up to every 10 s, for three minutes (about 30 polls, not 90)", () => {
    const times = pollTimes();
    expect(times.slice(0, 11)).toEqual([0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 20000]);
    const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
    expect(Math.max(...gaps)).toBe(MPESA_POLL_SCHEDULE.maxIntervalMs);
    expect(gaps).toEqual([...gaps].sort((a, b) => a - b));
    expect(times.length).toBeLessThan(40);
  });

  test(`${API_PEAK.payersAtOnce} payers polling at once on that schedule are never refused; the old route limit (10/s, burst 20) refused them`, () => {
    expect(refusedWhenAllPoll(API_PEAK.payersAtOnce)).toBe(0);
    expect(refusedWhenAllPoll(API_PEAK.payersAtOnce, { rateLimit: 10, burstLimit: 20 })).toBeGreaterThan(0);
  });

  test('a bucket holds its burst, refills at its rate, and keeps each route apart', () => {
    let clock = 0;
    const buckets = createRouteBuckets(() => clock);
    const { burstLimit, rateLimit } = ROUTE_THROTTLES['POST /api/enquiries'] ?? { burstLimit: 0, rateLimit: 0 };
    for (let index = 0; index < burstLimit; index += 1) expect(buckets.take('POST', '/api/enquiries')).toBe(true);
    expect(buckets.take('POST', '/api/enquiries')).toBe(false);
    expect(buckets.take('POST', '/api/create-payment')).toBe(true);
    clock = 1000;
    for (let index = 0; index < rateLimit; index += 1) expect(buckets.take('POST', '/api/enquiries')).toBe(true);
    expect(buckets.take('POST', '/api/enquiries')).toBe(false);
  });
});
