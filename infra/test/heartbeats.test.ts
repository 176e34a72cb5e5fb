/**
 * Alarms that notice silence and say when it is over: heartbeats (the reconciliation ran, the canary
 * check ran, visitors' beacons arrive for each app during Kenya's day), OK actions on every alarm,
 * the Web Vitals alarms, and failures routed to the alarm whose runbook row fits: the canary check's
 * own alias and failure queue, reconcile-orders not retried.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CLIENT_APPS, CLIENT_EVENTS_METRICS_NAMESPACE } from '@kesho/operations/client-events';
import { BUSINESS_METRICS_NAMESPACE } from '@kesho/operations/ops-events';
import { ALARM_TOPIC_NAME, CLIENT_EVENTS_SILENT_HOURS, KENYA_DAY_UTC_HOURS, WEB_VITALS_EVALUATION_PERIODS, WEB_VITALS_MIN_SAMPLES, WEB_VITALS_P75_LIMITS_MS } from '../lib/alarms';
import { CANARY_CHECK_ALIAS } from '../lib/canary-check';
import { buildTestApp } from './support/test-app';

type Resource = { Properties: Record<string, unknown> };
const alarmsOf = (template: Template) => Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Resource[];
const named = (template: Template, name: string) => {
  const alarm = alarmsOf(template).find((candidate) => candidate.Properties.AlarmName === name);
  if (!alarm) throw new Error(`no alarm ${name}`);
  return alarm.Properties;
};
type Query = { Id: string; Expression?: string; MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions?: unknown }; Stat: string; Period: number } };

const { stacks } = buildTestApp({ context: { alarmEmail: 'ops@example.org', distributionId: 'E2ABCDEF123456' } });
const payments = Template.fromStack(stacks.payments);
const site = Template.fromStack(stacks.site);

describe('every alarm says when it is over', () => {
  test('each alarm of every stack notifies its topic on ALARM and on OK', () => {
    const all = [payments, site, ...(stacks.edgeAlarms ? [Template.fromStack(stacks.edgeAlarms)] : [])].flatMap(alarmsOf);
    expect(all.length).toBeGreaterThan(60);
    for (const alarm of all) {
      expect(alarm.Properties.AlarmActions).toHaveLength(1);
      expect(alarm.Properties.OKActions).toEqual(alarm.Properties.AlarmActions);
    }
    expect(JSON.stringify(alarmsOf(payments).map((alarm) => alarm.Properties.OKActions))).toContain(`:${ALARM_TOPIC_NAME}`);
  });
});

describe('heartbeats: silence fires', () => {
  test('the reconciliation: no report of a run (its pending backlog, sent even when 0) in 15 minutes', () => {
    expect(named(payments, 'kesho-reconciliation-silent')).toMatchObject({
      Namespace: BUSINESS_METRICS_NAMESPACE,
      MetricName: 'PendingOrdersBacklog',
      Statistic: 'SampleCount',
      Period: 900,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
  });

  test("the canary check: its alias's invocations, none in 5 minutes (it runs every minute)", () => {
    const alarm = named(site, 'kesho-canary-check-silent');
    expect(alarm).toMatchObject({
      Namespace: 'AWS/Lambda',
      MetricName: 'Invocations',
      Statistic: 'Sum',
      Period: 300,
      Threshold: 1,
      ComparisonOperator: 'LessThanThreshold',
      TreatMissingData: 'breaching',
    });
    expect(JSON.stringify(alarm.Dimensions)).toContain(`:${CANARY_CHECK_ALIAS}`);
  });

  test("visitors' beacons, per app: no page view in three day hours running (07:00–22:00 in Kenya), never at night", () => {
    for (const app of CLIENT_APPS) {
      const alarm = named(payments, `kesho-client-events-silent-${app}`);
      expect(alarm).toMatchObject({
        Threshold: 1,
        ComparisonOperator: 'LessThanThreshold',
        TreatMissingData: 'breaching',
        EvaluationPeriods: CLIENT_EVENTS_SILENT_HOURS,
        DatapointsToAlarm: CLIENT_EVENTS_SILENT_HOURS,
      });
      const queries = alarm.Metrics as Query[];
      const expression = queries.find((query) => query.Expression)?.Expression ?? '';
      expect(queries.find((query) => query.Id === 'views')?.MetricStat).toEqual({
        Metric: { Namespace: CLIENT_EVENTS_METRICS_NAMESPACE, MetricName: 'PageViews', Dimensions: [{ Name: 'App', Value: app }] },
        Period: 3600,
        Stat: 'Sum',
      });
      // The expression as CloudWatch evaluates it, for an hour with a given count (FILL: none = 0).
      const evaluate = (hourUtc: number, views: number | undefined) => {
        const filled = views ?? 0;
        const code = expression
          .replace(/HOUR\(FILL\(views, 0\)\)/g, String(hourUtc))
          .replace(/FILL\(views, 0\)/g, String(filled))
          .replace(/ AND /g, ' && ')
          .replace(/^IF\((.*), (\S+), (\S+)\)$/, '($1) ? $2 : $3');
        return Function(`return ${code}`)() as number;
      };
      expect(evaluate(KENYA_DAY_UTC_HOURS.from, undefined)).toBeLessThan(1); // 07:00 EAT, silent: breaching
      expect(evaluate(12, 0)).toBeLessThan(1);
      expect(evaluate(12, 40)).toBeGreaterThanOrEqual(1);
      expect(evaluate(KENYA_DAY_UTC_HOURS.to, undefined)).toBeGreaterThanOrEqual(1); // 22:00 EAT: night
      expect(evaluate(1, undefined)).toBeGreaterThanOrEqual(1);
    }
  });
});

describe("Web Vitals in visitors' browsers", () => {
  test.each(CLIENT_APPS.flatMap((app) => (['LCP', 'INP'] as const).map((vital) => [app, vital] as const)))(
    '%s: %s p75 over its limit from at least the minimum of measurements',
    (app, vital) => {
      const alarm = named(payments, `kesho-${vital.toLowerCase()}-p75-${app}`);
      expect(alarm).toMatchObject({
        Threshold: WEB_VITALS_P75_LIMITS_MS[vital],
        ComparisonOperator: 'GreaterThanThreshold',
        EvaluationPeriods: WEB_VITALS_EVALUATION_PERIODS,
        TreatMissingData: 'notBreaching',
      });
      const queries = alarm.Metrics as Query[];
      expect(queries.find((query) => query.Expression)?.Expression).toBe(`IF(samples >= ${WEB_VITALS_MIN_SAMPLES}, p75, 0)`);
      expect(queries.find((query) => query.Id === 'p75')?.MetricStat).toMatchObject({ Metric: { MetricName: vital, Dimensions: [{ Name: 'App', Value: app }] }, Stat: 'p75', Period: 900 });
      expect(queries.find((query) => query.Id === 'samples')?.MetricStat).toMatchObject({ Metric: { MetricName: vital }, Stat: 'SampleCount', Period: 900 });
    },
  );
});

describe('failures routed to the runbook row that fits them', () => {
  const functionId = Object.keys(site.findResources('AWS::Lambda::Function', { Properties: { FunctionName: 'kesho-release-publisher' } }))[0] as string;
  const queueIds = () => Object.keys(site.findResources('AWS::SQS::Queue'));

  test("the canary check runs the publisher through its own alias: not retried, failures in their own queue and alarm, not PublishFailures'", () => {
    const aliases = site.findResources('AWS::Lambda::Alias', { Properties: { Name: CANARY_CHECK_ALIAS, FunctionName: { Ref: functionId } } });
    const [aliasId] = Object.keys(aliases);
    expect(aliasId).toBeDefined();
    site.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(1 minute)',
      Targets: [Match.objectLike({ Arn: { Ref: aliasId }, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    const checkQueue = queueIds().find((id) => id.startsWith('ReleasePublisherCanaryCheckInvocationFailures'));
    const publishQueue = queueIds().find((id) => id.startsWith('ReleasePublisherPublishFailures'));
    expect(checkQueue && publishQueue).toBeTruthy();
    const checkConfigs = Object.values(site.findResources('AWS::Lambda::EventInvokeConfig')).filter((config) => JSON.stringify(config.Properties.Qualifier).includes(aliasId as string));
    expect(checkConfigs).toHaveLength(1);
    expect(checkConfigs[0]?.Properties).toMatchObject({
      FunctionName: { Ref: functionId },
      MaximumRetryAttempts: 0,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [checkQueue, 'Arn'] } } },
    });
    // Publications (unqualified: record changes, deploys) keep two retries and PublishFailures.
    site.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      Qualifier: '$LATEST',
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [publishQueue, 'Arn'] } } },
    });
    const failures = named(site, 'kesho-canary-check-failures');
    expect(failures).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Threshold: 1,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [checkQueue, 'QueueName'] } }],
    });
  });

  test('reconcile-orders is not retried by Lambda either (its schedule already sets no retries): the next run does the same work', () => {
    const [reconcileId] = Object.keys(payments.findResources('AWS::Lambda::Function', { Properties: { Description: 'Kesho payments: reconcile-orders' } }));
    payments.hasResourceProperties('AWS::Lambda::EventInvokeConfig', { FunctionName: { Ref: reconcileId }, Qualifier: '$LATEST', MaximumRetryAttempts: 0, MaximumEventAgeInSeconds: 300 });
  });
});
