import type { ReactNode } from 'react';
import { act, renderHook } from '@testing-library/react';
import { createRecordingShell, TestShell } from '@kesho/shell-kit/testing';
import { POLL_INTERVAL_MS, POLL_LIMIT_MS, useCheckoutLookup, type CheckoutLookup } from '../src/payment-success/useCheckoutLookup';
import { fakePaymentsApi, resetBrowserState } from './helpers';

function summary(status: string) {
  return {
    invoiceNumber: 'INV-00004242',
    status,
    amountCents: 25_000,
    currency: 'usd',
    items: [{ name: 'Essay Editing', quantity: 1, amountCents: 25_000 }],
    createdAt: '2025-11-22T22:30:00.000Z',
  };
}

/** Renders the hook on a page at `address` and keeps every state it answered with, in order. */
function renderLookup(address = '/payment-success') {
  const seen: CheckoutLookup[] = [];
  const shell = createRecordingShell(address);
  const hook = renderHook(
    () => {
      const lookup = useCheckoutLookup();
      seen.push(lookup);
      return lookup;
    },
    { wrapper: ({ children }: { children: ReactNode }) => <TestShell shell={shell}>{children}</TestShell> },
  );
  return { ...hook, kinds: () => [...new Set(seen.map((lookup) => lookup.kind))] };
}

async function waitMs(ms: number) {
  await act(async () => {
    await jest.advanceTimersByTimeAsync(ms);
  });
}

beforeEach(() => {
  resetBrowserState();
  jest.useFakeTimers();
});

afterEach(() => {
  jest.useRealTimers();
  jest.restoreAllMocks();
});

describe('useCheckoutLookup', () => {
  test('without a session id it makes the invoice number from the time and asks the server nothing', async () => {
    jest.spyOn(Date, 'now').mockReturnValue(1_732_212_345_678);
    const api = fakePaymentsApi(() => ({ status: 200, data: summary('paid') }));
    const { result, kinds } = renderLookup();
    await waitMs(POLL_LIMIT_MS);
    expect(result.current).toEqual({ kind: 'local', invoiceNumber: 'INV-12345678', dateText: '21 November 2024' });
    expect(kinds()).toEqual(['starting', 'local']);
    expect(api.requests).toHaveLength(0);
  });

  describe('with a session id', () => {
    const renderSessionLookup = () => renderLookup('/payment-success?session_id=%20cs_test_42%20');

    test('starts as on the server, checks, then holds the paid answer with its date at the office and asks once', async () => {
      const api = fakePaymentsApi(() => ({ status: 200, data: summary('paid') }));
      const { result, kinds } = renderSessionLookup();
      await waitMs(0);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'paid', invoiceNumber: 'INV-00004242' }, gaveUp: false });
      // 22:30 UTC is already the next day in Nairobi.
      expect(result.current).toMatchObject({ dateText: '23 November 2025' });
      expect(kinds()).toEqual(['starting', 'checking', 'known']);
      await waitMs(POLL_LIMIT_MS);
      expect(api.requests).toEqual([{ method: 'GET', url: '/api/checkout-session', params: { session_id: 'cs_test_42' }, body: undefined }]);
    });

    test('asks again every interval while pending and stops once the payment settles', async () => {
      let answers = 0;
      const api = fakePaymentsApi(() => ({ status: 200, data: summary(++answers < 3 ? 'pending' : 'failed') }));
      const { result } = renderSessionLookup();
      await waitMs(0);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'pending' }, gaveUp: false });
      await waitMs(POLL_INTERVAL_MS - 1);
      expect(api.requests).toHaveLength(1);
      await waitMs(1);
      expect(api.requests).toHaveLength(2);
      await waitMs(POLL_INTERVAL_MS);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'failed' }, gaveUp: false });
      await waitMs(POLL_LIMIT_MS);
      expect(api.requests).toHaveLength(3);
    });

    test('gives up on a payment still pending after the time limit, and asks no more', async () => {
      const api = fakePaymentsApi(() => ({ status: 200, data: summary('pending') }));
      const { result } = renderSessionLookup();
      await waitMs(POLL_LIMIT_MS);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'pending' }, gaveUp: true });
      const asked = api.requests.length;
      // The first question at once, then one each interval up to and including the limit.
      expect(asked).toBe(POLL_LIMIT_MS / POLL_INTERVAL_MS + 1);
      await waitMs(POLL_LIMIT_MS);
      expect(api.requests).toHaveLength(asked);
    });

    test('a server it cannot reach is asked until the limit, then the lookup is unavailable', async () => {
      const api = fakePaymentsApi(() => new Error('Network Error'));
      const { result } = renderSessionLookup();
      await waitMs(POLL_LIMIT_MS - POLL_INTERVAL_MS);
      expect(result.current).toEqual({ kind: 'checking' });
      await waitMs(POLL_INTERVAL_MS);
      expect(result.current).toEqual({ kind: 'unavailable' });
      const asked = api.requests.length;
      await waitMs(POLL_LIMIT_MS);
      expect(api.requests).toHaveLength(asked);
    });

    test('a pending answer followed by silence keeps the answer and marks it given up at the limit', async () => {
      let answers = 0;
      fakePaymentsApi(() => (++answers === 1 ? { status: 200, data: summary('pending') } : new Error('Network Error')));
      const { result } = renderSessionLookup();
      await waitMs(POLL_LIMIT_MS);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'pending' }, gaveUp: true });
    });

    test('a session the server does not know is not found at once, without asking again', async () => {
      const api = fakePaymentsApi(() => ({ status: 404, data: { error: 'We could not find this checkout session.' } }));
      const { result } = renderSessionLookup();
      await waitMs(POLL_LIMIT_MS);
      expect(result.current).toEqual({ kind: 'not-found' });
      expect(api.requests).toHaveLength(1);
    });

    test('"too many requests" is not an unknown session: it asks again', async () => {
      let answers = 0;
      fakePaymentsApi(() => (++answers === 1 ? { status: 429, data: { error: 'Slow down.' } } : { status: 200, data: summary('paid') }));
      const { result } = renderSessionLookup();
      await waitMs(POLL_INTERVAL_MS);
      expect(result.current).toMatchObject({ kind: 'known', summary: { status: 'paid' } });
    });

    test('stops asking when the page goes away', async () => {
      const api = fakePaymentsApi(() => ({ status: 200, data: summary('pending') }));
      const { unmount } = renderSessionLookup();
      await waitMs(0);
      unmount();
      await waitMs(POLL_LIMIT_MS);
      expect(api.requests).toHaveLength(1);
    });
  });
});
