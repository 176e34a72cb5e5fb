import { DEFAULT_CANARY_THRESHOLDS, figuresOf, judgeCanary, type BuildFigures } from '../src/canary-health';

const figures = (pageViews: number, errors: number, inpP75: number | null = null, inpSamples = 0): BuildFigures => ({ pageViews, errors, inpP75, inpSamples });
const calm = figures(200, 2, 120, 40);

describe('the automatic abort of a canary', () => {
  test('five errors in ten page views against a calm live build: aborted, the figures named', () => {
    const verdict = judgeCanary(figures(10, 5), calm);
    expect(verdict).toEqual({
      abort: true,
      reason: "error rate 50.0 % (5 errors in 10 page views) against live's 1.0 % (2 in 200): at least 5 errors, over 2.0 % and over 2 × live's",
    });
  });

  test.each([
    ['four errors are not enough, whatever the rate', figures(4, 4), calm],
    ['a rate of 2 % is not over 2 %', figures(250, 5), figures(1000, 0)],
    ['a rate not over twice the live build’s (the whole site is having a bad time)', figures(50, 6), figures(200, 20)],
    ['an INP p75 of 500 ms is not over 500 ms', figures(50, 0, 500, 20), calm],
    ['a slow INP from four interactions proves nothing yet', figures(50, 0, 900, 4), calm],
  ])('%s: kept', (_why, candidate, live) => {
    expect(judgeCanary(candidate, live).abort).toBe(false);
  });

  test('a slow build is aborted on its INP p75', () => {
    expect(judgeCanary(figures(30, 0, 812, 9), calm)).toEqual({ abort: true, reason: "INP p75 812 ms from 9 interactions (live's 120 ms): over 500 ms" });
  });

  test('errors reported before any page view count as a rate of one each', () => {
    expect(judgeCanary(figures(0, 5), figures(0, 0)).abort).toBe(true);
  });

  test('the thresholds come from configuration', () => {
    expect(judgeCanary(figures(10, 5), calm, { ...DEFAULT_CANARY_THRESHOLDS, minErrors: 6 }).abort).toBe(false);
    expect(judgeCanary(figures(100, 3), calm, { ...DEFAULT_CANARY_THRESHOLDS, minErrors: 3 }).abort).toBe(true);
  });

  test("a build's figures from stored events: page views, errors, INP p75 and its count, that build only", () => {
    const events = [
      { type: 'pageview', app: 'marketing', build: 'b' },
      { type: 'pageview', app: 'marketing', build: 'b' },
      { type: 'error', app: 'marketing', build: 'b' },
      { type: 'vital', app: 'marketing', build: 'b', name: 'INP', value: 100 },
      { type: 'vital', app: 'marketing', build: 'b', name: 'INP', value: 300 },
      { type: 'vital', app: 'marketing', build: 'b', name: 'LCP', value: 9000 },
      { type: 'error', app: 'marketing', build: 'a' },
      { type: 'error', app: 'legal', build: 'b' },
    ];
    expect(figuresOf(events, 'marketing', 'b')).toEqual({ pageViews: 2, errors: 1, inpP75: 300, inpSamples: 2 });
  });
});
