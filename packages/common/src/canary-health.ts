/**
 * When a canary is aborted without anyone typing a command: the one comparison of the canary's
 * build with the live build, from what visitors' browsers reported (client events), that the local
 * server's watch (local-server/src/canary-watch.ts, on the stored events) and the AWS release
 * publisher's scheduled check (on the Kesho/ClientEvents metrics) both apply.
 *
 * A canary is aborted when its build either
 *   - met at least `minErrors` errors, and its error rate (errors per page view) is over `errorRate`
 *     and over `liveRatio` times the live build's over the same time, or
 *   - has an INP p75 over `inpP75Ms` from at least `minInpSamples` interactions.
 */
import { percentile75 } from './client-events';

export interface CanaryThresholds {
  readonly minErrors: number;
  /** A share: 0.02 is 2 %. */
  readonly errorRate: number;
  readonly liveRatio: number;
  readonly inpP75Ms: number;
  readonly minInpSamples: number;
}

export const DEFAULT_CANARY_THRESHOLDS: CanaryThresholds = { minErrors: 5, errorRate: 0.02, liveRatio: 2, inpP75Ms: 500, minInpSamples: 5 };

/** What one build's visitors reported since the canary started. */
export interface BuildFigures {
  readonly pageViews: number;
  readonly errors: number;
  /** INP's 75th percentile in ms, or null without interactions. */
  readonly inpP75: number | null;
  readonly inpSamples: number;
}

/**
 * The aggregated figures a canary check reads, one shape in both places: one build's page views,
 * errors and INP p75 between two times. Locally from the stored client events
 * (local-server/src/canary-watch.ts), in AWS from the Kesho/ClientEvents metrics
 * (infra/functions/release-publisher/figures.ts).
 */
export type FiguresSource = (app: string, build: string, since: Date, until: Date) => Promise<BuildFigures>;

export type CanaryVerdict = { readonly abort: false; readonly summary: string } | { readonly abort: true; readonly reason: string };

const percent = (rate: number) => `${(rate * 100).toFixed(1)} %`;
/** Errors per page view; errors reported with no page view counted yet are a rate of at least 1 each. */
const rateOf = (figures: BuildFigures) => figures.errors / Math.max(figures.pageViews, 1);

/** Judges the canary's build against the live build; the reason names the figures it went on. */
export function judgeCanary(candidate: BuildFigures, live: BuildFigures, thresholds: CanaryThresholds = DEFAULT_CANARY_THRESHOLDS): CanaryVerdict {
  const candidateRate = rateOf(candidate);
  const liveRate = rateOf(live);
  const errorFigures = `error rate ${percent(candidateRate)} (${candidate.errors} errors in ${candidate.pageViews} page views) against live's ${percent(liveRate)} (${live.errors} in ${live.pageViews})`;
  if (candidate.errors >= thresholds.minErrors && candidateRate > thresholds.errorRate && candidateRate > thresholds.liveRatio * liveRate) {
    return {
      abort: true,
      reason: `${errorFigures}: at least ${thresholds.minErrors} errors, over ${percent(thresholds.errorRate)} and over ${thresholds.liveRatio} × live's`,
    };
  }
  if (candidate.inpP75 !== null && candidate.inpSamples >= thresholds.minInpSamples && candidate.inpP75 > thresholds.inpP75Ms) {
    return {
      abort: true,
      reason: `INP p75 ${Math.round(candidate.inpP75)} ms from ${candidate.inpSamples} interactions (live's ${live.inpP75 === null ? 'n/a' : `${Math.round(live.inpP75)} ms`}): over ${thresholds.inpP75Ms} ms`,
    };
  }
  return { abort: false, summary: `${errorFigures}; INP p75 ${candidate.inpP75 === null ? 'n/a' : `${Math.round(candidate.inpP75)} ms`}` };
}

/** One build's figures from stored client events (the local server's files; in AWS the metrics give them). */
export function figuresOf(
  events: readonly { readonly type: string; readonly app: string; readonly build: string; readonly name?: string; readonly value?: number }[],
  app: string,
  build: string,
): BuildFigures {
  let pageViews = 0;
  let errors = 0;
  const inp: number[] = [];
  for (const event of events) {
    if (event.app !== app || event.build !== build) continue;
    if (event.type === 'pageview') pageViews += 1;
    else if (event.type === 'error') errors += 1;
    else if (event.type === 'vital' && event.name === 'INP' && typeof event.value === 'number') inp.push(event.value);
  }
  return { pageViews, errors, inpP75: percentile75(inp), inpSamples: inp.length };
}
