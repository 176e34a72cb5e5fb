/**
 * The M-Pesa page's status polling (issue 41, item 2): the schedule the API's status route is sized
 * for (every 2 s, then further apart), backing off when the API is busy or unreachable and honouring
 * a Retry-After, and giving up after three minutes.
 */
import { act, renderHook } from '@testing-library/react';
import { MPESA_POLL_SCHEDULE } from '@kesho/site-rules/mpesa';
import { getMpesaPayment, type MpesaPaymentState } from '../src/api/mpesaClient';
import { PaymentError, retryAfterMs } from '../src/api/paymentsClient';
import { useMpesaPolling, type PollResult } from '../src/payment/mpesa/useMpesaPolling';

jest.mock('../src/api/mpesaClient', () => ({ getMpesaPayment: jest.fn() }));
const getPayment = getMpesaPayment as jest.MockedFunction<typeof getMpesaPayment>;

const pending = {
  paymentId: 'mp_AAAAAAAAAAAAAAAAAAAAAA',
  invoiceNumber: 'INV-00000042',
  outcome: 'pending',
  message: '',
  receiptNumber: null,
  amountKes: 100,
  phone: '',
  sandboxUrl: null,
} as MpesaPaymentState;

/** The times (ms from the start) of the polls, under fake timers. */
async function pollFor(ms: number, answer: (call: number) => Promise<MpesaPaymentState>): Promise<{ times: number[]; results: PollResult[] }> {
  const start = Date.now();
  const times: number[] = [];
  getPayment.mockImplementation(async () => {
    times.push(Date.now() - start);
    return answer(times.length);
  });
  const results: PollResult[] = [];
  const hook = renderHook(() => useMpesaPolling(pending.paymentId, true, (result) => results.push(result)));
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
  hook.unmount();
  return { times, results };
}

beforeEach(() => {
  jest.useFakeTimers({ now: new Date('2026-11-27T10:00:00Z') });
  getPayment.mockReset();
});
afterEach(() => jest.useRealTimers());

test('polls every 2 s while the payer is likely answering, then further apart, up to every 10 s, and gives up after three minutes', async () => {
  const { times, results } = await pollFor(200_000, async () => pending);
  expect(times.slice(0, 11)).toEqual([0, 2000, 4000, 6000, 8000, 10000, 12000, 14000, 16000, 18000, 20000]);
  const gaps = times.slice(1).map((at, index) => at - (times[index] ?? 0));
  expect(Math.max(...gaps)).toBe(MPESA_POLL_SCHEDULE.maxIntervalMs);
  expect(times.at(-1)).toBeLessThanOrEqual(MPESA_POLL_SCHEDULE.totalMs);
  expect(times.length).toBeLessThan(40);
  expect(results.at(-1)).toEqual({ kind: 'gave-up' });
});

test('a 429 with Retry-After waits that long before asking again, and is not a refusal', async () => {
  const { times, results } = await pollFor(30_000, async (call) => {
    if (call === 2) throw new PaymentError('Too many requests', { status: 429, retryAfterMs: 9_000 });
    return pending;
  });
  expect(times.slice(0, 4)).toEqual([0, 2000, 11000, 13000]);
  expect(results.some((result) => result.kind === 'refused')).toBe(false);
});

test('a 429 without Retry-After (API Gateway sends none) or an unreachable server backs off, doubling, then returns to the schedule', async () => {
  const { times } = await pollFor(40_000, async (call) => {
    if (call === 2) throw new PaymentError('Too many requests', { status: 429 });
    if (call === 3) throw new PaymentError('We could not reach the server.');
    return pending;
  });
  // 2 s, then 4 s (one failure), then 8 s (two in a row), then the schedule again.
  expect(times.slice(0, 5)).toEqual([0, 2000, 6000, 14000, 16000]);
});

test('a Retry-After longer than a minute is capped; a 4xx other than 429 stops with the refusal', async () => {
  const capped = await pollFor(70_000, async (call) => {
    if (call === 1) throw new PaymentError('Unavailable', { status: 503, retryAfterMs: 3_600_000 });
    return pending;
  });
  expect(capped.times.slice(0, 2)).toEqual([0, 60_000]);
  getPayment.mockReset();
  const refused = await pollFor(10_000, async () => {
    throw new PaymentError('No such payment.', { status: 404 });
  });
  expect(refused.times).toEqual([0]);
  expect(refused.results).toEqual([{ kind: 'refused', message: 'No such payment.' }]);
});

test('Retry-After is read as seconds or as an HTTP date', () => {
  const now = Date.parse('2026-11-27T10:00:00Z');
  expect(retryAfterMs('7', now)).toBe(7000);
  expect(retryAfterMs('Fri, 27 Nov 2026 10:00:30 GMT', now)).toBe(30_000);
  expect(retryAfterMs('soon', now)).toBeNull();
  expect(retryAfterMs(null, now)).toBeNull();
});
