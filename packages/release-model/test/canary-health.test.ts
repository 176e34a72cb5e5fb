import { CLIENT_WEIGHT, DEFAULT_CANARY_THRESHOLDS, NO_FIGURES, countedOf, figuresOf, judgeCanary, type BuildFigures, type FigureEvent } from '../src/canary-health';

interface Shape {
  clients?: number;
  clientsWithErrors?: number;
  inpP75?: number | null;
  inpSamples?: number;
  clientsWithInp?: number;
}
/** Figures of `clients` clients (10 unless said), as many meeting errors as there are page views with errors (at most all). */
const figures = (pageViews: number, pageViewsWithErrors: number, shape: Shape = {}): BuildFigures => {
  const clients = shape.clients ?? 10;
  const inpSamples = shape.inpSamples ?? 0;
  return {
    clients,
    clientsWithErrors: shape.clientsWithErrors ?? Math.min(clients, pageViewsWithErrors),
    pageViews,
    pageViewsWithErrors,
    inpP75: shape.inpP75 ?? null,
    inpSamples,
    clientsWithInp: inpSamples ? (shape.clientsWithInp ?? clients) : 0,
  };
};
const calm = figures(200, 2, { clients: 60, inpP75: 120, inpSamples: 40 });

describe('the automatic abort of a canary', () => {
  test('five page views with errors from five clients in ten page views against a calm live build: aborted, the figures named', () => {
    const verdict = judgeCanary(figures(10, 5, { clients: 6 }), calm);
    expect(verdict).toEqual({
      abort: true,
      reason:
        "error rate 50.0 % (5 page views with errors in 10; 5 of 6 clients) against live's 1.0 % (2 in 200; 2 of 60 clients): errors on at least 5 clients and 5 page views, the error rate over 2.0 % and over 2 × live's",
    });
  });

  test.each([
    ['four page views with errors are not enough, whatever the rate', figures(4, 4), calm],
    ['errors on four clients are not enough, however many page views they name', figures(40, 40, { clients: 4, clientsWithErrors: 4 }), calm],
    ['a rate of 2 % is not over 2 %', figures(250, 5, { clients: 250 }), figures(1000, 0)],
    ['a rate not over twice the live build’s (the whole site is having a bad time)', figures(50, 6, { clients: 50 }), figures(200, 20, { clients: 200 })],
    ['an INP p75 of 500 ms is not over 500 ms', figures(50, 0, { inpP75: 500, inpSamples: 20 }), calm],
    ['a slow INP from four interactions proves nothing yet', figures(50, 0, { inpP75: 900, inpSamples: 4 }), calm],
    ['a slow INP from the interactions of four clients proves nothing yet', figures(50, 0, { inpP75: 900, inpSamples: 40, clientsWithInp: 4 }), calm],
  ])('%s: kept', (_why, candidate, live) => {
    expect(judgeCanary(candidate, live).abort).toBe(false);
  });

  test('a slow build is aborted on its INP p75', () => {
    expect(judgeCanary(figures(30, 0, { inpP75: 812, inpSamples: 9, clientsWithInp: 5 }), calm)).toEqual({
      abort: true,
      reason: "INP p75 812 ms from 9 interactions of 5 clients (live's 120 ms): over 500 ms",
    });
  });

  test('errors reported before any page view count as a rate of one each', () => {
    expect(judgeCanary(figures(0, 5), NO_FIGURES).abort).toBe(true);
  });

  test('the share of clients with errors condemns a build too when its page views are diluted', () => {
    // Five failing visitors with one page each among 30 clean clients of 10 page views each: 1.6 % of page views, 14 % of clients.
    const verdict = judgeCanary(figures(305, 5, { clients: 35, clientsWithErrors: 5 }), figures(1000, 10, { clients: 300, clientsWithErrors: 10 }));
    expect(verdict).toMatchObject({ abort: true, reason: expect.stringContaining('the share of clients with errors (14.3 % against 3.3 %) over 2.0 %') });
  });

  test('the thresholds come from configuration', () => {
    expect(judgeCanary(figures(10, 5), calm, { ...DEFAULT_CANARY_THRESHOLDS, minErrors: 6 }).abort).toBe(false);
    expect(judgeCanary(figures(100, 3, { clients: 3 }), calm, { ...DEFAULT_CANARY_THRESHOLDS, minErrors: 3, minClients: 3 }).abort).toBe(true);
    expect(judgeCanary(figures(10, 5), calm, { ...DEFAULT_CANARY_THRESHOLDS, minClients: 6 }).abort).toBe(false);
  });
});

describe('one client weighs no more than one visitor', () => {
  test('each client counts at most CLIENT_WEIGHT page views and as many page views with errors as page views counted (at least one)', () => {
    expect(countedOf({ pageViews: 600, pageViewsWithErrors: 0, inpSamples: 400 })).toEqual({
      pageViews: CLIENT_WEIGHT.pageViews,
      pageViewsWithErrors: 0,
      inpSamples: CLIENT_WEIGHT.inpSamples,
    });
    expect(countedOf({ pageViews: 0, pageViewsWithErrors: 40, inpSamples: 0 })).toEqual({ pageViews: 0, pageViewsWithErrors: 1, inpSamples: 0 });
    expect(countedOf({ pageViews: 3, pageViewsWithErrors: 40, inpSamples: 0 })).toEqual({ pageViews: 3, pageViewsWithErrors: 3, inpSamples: 0 });
  });

  const at = '2026-11-27T10:00:00.000Z';
  const event = (type: string, client: string | undefined, extra: Partial<FigureEvent> = {}): FigureEvent => ({
    type,
    app: 'marketing',
    build: 'b',
    at,
    ...(client ? { client } : {}),
    ...extra,
  });

  test("a build's figures from stored events: by client, that build only, each batch's errors once per page view", () => {
    const events: FigureEvent[] = [
      event('pageview', 'c1'),
      event('pageview', 'c1'),
      event('error', 'c1'),
      event('error', 'c1'),
      event('error', 'c1'),
      event('vital', 'c1', { name: 'INP', value: 100 }),
      event('vital', 'c2', { name: 'INP', value: 300 }),
      event('vital', 'c2', { name: 'LCP', value: 9000 }),
      event('pageview', 'c2'),
      { ...event('error', 'c1'), app: 'legal' },
      { ...event('error', 'c1'), build: 'a' },
    ];
    expect(figuresOf(events, 'marketing', 'b')).toEqual({ clients: 2, clientsWithErrors: 1, pageViews: 3, pageViewsWithErrors: 2, inpP75: 300, inpSamples: 2, clientsWithInp: 2 });
  });

  test('20 forged errors in each of 2 posts from one client are one page view with errors of one client', () => {
    const events = [0, 1].flatMap((post) => Array.from({ length: 20 }, () => event('error', 'forger', { at: `2026-11-27T10:00:0${post}.000Z` })));
    expect(figuresOf(events, 'marketing', 'b')).toMatchObject({ clients: 1, clientsWithErrors: 1, pageViews: 0, pageViewsWithErrors: 1 });
    expect(judgeCanary(figuresOf(events, 'marketing', 'b'), NO_FIGURES).abort).toBe(false);
  });

  test('the same address on another day is another client; events stored without a client are one client together', () => {
    const events = [event('pageview', 'c1'), event('pageview', 'c1', { at: '2026-11-28T00:00:01.000Z' }), event('pageview', undefined), event('pageview', undefined)];
    expect(figuresOf(events, 'marketing', 'b')).toMatchObject({ clients: 3, pageViews: 4 });
  });
});
