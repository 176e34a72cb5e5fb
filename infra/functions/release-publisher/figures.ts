/**
 * The canary check's figures in AWS (@kesho/release-model/canary-health's FiguresSource): one build's
 * figures between two times, from the metrics the client-events Lambda emits by App × Build for the
 * verdict (CANARY_VERDICT_METRICS: counted by client on the orders table, each client's weight
 * capped, so forged posts from a few addresses weigh what a few visitors do). index.js hands it
 * CloudWatch's GetMetricData; the tests hand it a stand-in fed from the handler's own EMF lines.
 */
import type { FiguresSource } from '@kesho/release-model/canary-health';
import { CANARY_VERDICT_METRICS, CLIENT_EVENTS_METRICS_NAMESPACE } from '@kesho/operations/client-events';

export interface MetricDataQuery {
  readonly Id: string;
  readonly MetricStat: {
    readonly Metric: { readonly Namespace: string; readonly MetricName: string; readonly Dimensions: readonly { readonly Name: string; readonly Value: string }[] };
    readonly Period: number;
    readonly Stat: string;
  };
}

export interface GetMetricDataInput {
  readonly StartTime: Date;
  readonly EndTime: Date;
  readonly MetricDataQueries: readonly MetricDataQuery[];
}

export interface GetMetricDataOutput {
  readonly MetricDataResults?: readonly { readonly Id?: string; readonly Values?: readonly number[] }[];
}

/** CloudWatch's GetMetricData (index.js: @aws-sdk/client-cloudwatch). */
export type GetMetricData = (input: GetMetricDataInput) => Promise<GetMetricDataOutput>;

export function cloudWatchFigures(getMetricData: GetMetricData): FiguresSource {
  return async (app, build, since, until) => {
    // One period over the whole window (whole minutes), so p75 is the window's, not a period's.
    const period = Math.max(60, Math.ceil((until.getTime() - since.getTime()) / 60_000) * 60);
    const metric = (id: string, name: string, stat: string): MetricDataQuery => ({
      Id: id,
      MetricStat: {
        Metric: {
          Namespace: CLIENT_EVENTS_METRICS_NAMESPACE,
          MetricName: name,
          Dimensions: [
            { Name: 'App', Value: app },
            { Name: 'Build', Value: build },
          ],
        },
        Period: period,
        Stat: stat,
      },
    });
    const { MetricDataResults = [] } = await getMetricData({
      StartTime: since,
      EndTime: until,
      MetricDataQueries: [
        metric('clients', CANARY_VERDICT_METRICS.clients, 'Sum'),
        metric('errorclients', CANARY_VERDICT_METRICS.clientsWithErrors, 'Sum'),
        metric('inpclients', CANARY_VERDICT_METRICS.clientsWithInp, 'Sum'),
        metric('views', CANARY_VERDICT_METRICS.pageViews, 'Sum'),
        metric('errorviews', CANARY_VERDICT_METRICS.pageViewsWithErrors, 'Sum'),
        metric('inp', CANARY_VERDICT_METRICS.inp, 'p75'),
        metric('inps', CANARY_VERDICT_METRICS.inp, 'SampleCount'),
      ],
    });
    const valuesOf = (id: string) => MetricDataResults.find((result) => result.Id === id)?.Values ?? [];
    const total = (id: string) => valuesOf(id).reduce((sum, value) => sum + value, 0);
    const inp = valuesOf('inp');
    return {
      clients: total('clients'),
      clientsWithErrors: total('errorclients'),
      clientsWithInp: total('inpclients'),
      pageViews: total('views'),
      pageViewsWithErrors: total('errorviews'),
      inpP75: inp.length ? Math.max(...inp) : null,
      inpSamples: total('inps'),
    };
  };
}
