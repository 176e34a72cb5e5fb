/**
 * Alarms: every function's errors and throttles, API 5xx and 429, the failure queues, the CloudFront
 * alarm in us-east-1, the budget and the topic they notify (by name, no cross-stack export).
 */
import fs from 'node:fs';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { Token } from 'aws-cdk-lib';
import { Alarm, CfnAlarm } from 'aws-cdk-lib/aws-cloudwatch';
import { CLIENT_APPS, CLIENT_EVENTS_METRICS_NAMESPACE } from '@kesho/operations/client-events';
import { BUSINESS_METRICS, BUSINESS_METRICS_NAMESPACE, BUSINESS_METRICS_SERVICE } from '@kesho/operations/ops-events';
import {
  ALARM_TOPIC_NAME,
  API_FORBIDDEN_MIN_REQUESTS,
  API_FORBIDDEN_PERCENT,
  CLIENT_ERROR_RATE_PERCENT,
  CLIENT_ERRORS_MIN_PAGE_VIEWS,
  DEFAULT_MONTHLY_BUDGET_USD,
  FAILED_PAYMENTS_MIN_OUTCOMES,
  FAILED_PAYMENTS_PERCENT,
  MAIL_SEND_FAILURES_THRESHOLD,
  MPESA_QUERY_FAILURES_THRESHOLD,
  SES_BOUNCE_RATE_LIMIT,
  SES_COMPLAINT_RATE_LIMIT,
} from '../lib/alarms';
import { ORDERS_TABLE_INDEXES } from '@kesho/operations/orders-table';
import { INFRA_ROOT } from '../lib/paths';
import { nagPacks } from '../lib/kesho-app';
import { buildTestApp } from './support/test-app';

function alarmsOf(template: Template): Array<{ Properties: Record<string, unknown> }> {
  return Object.values(template.findResources('AWS::CloudWatch::Alarm')) as Array<{ Properties: Record<string, unknown> }>;
}

describe('alarms without a distribution id or e-mail', () => {
  const { app, stacks } = buildTestApp();
  const payments = Template.fromStack(stacks.payments);
  const site = Template.fromStack(stacks.site);
  const alarms = Template.fromStack(stacks.alarms);

  test('every function of the payments stack (the origin-verify authorizer and the pre-traffic check too) has an errors and a throttles alarm', () => {
    // Function-wide alarms: the safe deploys' alarms on one version (ExecutedVersion) are checked in safe-deploys.test.ts.
    const byMetric = (metricName: string) =>
      alarmsOf(payments).filter(
        (alarm) => alarm.Properties.MetricName === metricName && alarm.Properties.Namespace === 'AWS/Lambda' && !JSON.stringify(alarm.Properties.Dimensions).includes('ExecutedVersion'),
      );
    const functionIds = Object.keys(payments.findResources('AWS::Lambda::Function'));
    expect(functionIds).toHaveLength(13);
    for (const metricName of ['Errors', 'Throttles']) {
      const watched = byMetric(metricName).map((alarm) => JSON.stringify(alarm.Properties.Dimensions));
      expect(watched).toHaveLength(functionIds.length);
      for (const id of functionIds) expect(watched.some((dimensions) => dimensions.includes(`"${id}"`))).toBe(true);
    }
  });

  test('the API has a 5xx alarm and a 429 alarm fed by a metric filter on status 429 of the access log', () => {
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/ApiGateway', MetricName: '5xx', Statistic: 'Sum' });
    payments.hasResourceProperties('AWS::Logs::MetricFilter', {
      FilterPattern: Match.stringLikeRegexp('status\\s*=\\s*429'),
      MetricTransformations: [Match.objectLike({ MetricName: 'Throttled', MetricValue: '1' })],
    });
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', { MetricName: 'Throttled', Threshold: 20 });
  });

  test("a refused share of the API's requests (403: the origin-verify value not admitted) raises an alarm, from a metric filter on status 403", () => {
    payments.hasResourceProperties('AWS::Logs::MetricFilter', {
      LogGroupName: { Ref: Match.stringLikeRegexp('^ApiAccessLogs') },
      FilterPattern: Match.stringLikeRegexp('status\\s*=\\s*403'),
      MetricTransformations: [Match.objectLike({ MetricNamespace: 'Kesho/Api', MetricName: 'Forbidden', MetricValue: '1', DefaultValue: 0 })],
    });
    const [rate] = alarmsOf(payments).filter((alarm) => JSON.stringify(alarm.Properties.Metrics ?? []).includes('Forbidden'));
    expect(rate?.Properties).toMatchObject({ Threshold: API_FORBIDDEN_PERCENT, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
    const metrics = rate?.Properties.Metrics as Array<{ Expression?: string; MetricStat?: { Metric: { MetricName: string; Namespace: string } } }>;
    expect(metrics.find((metric) => metric.Expression)?.Expression).toBe(`IF(requests >= ${API_FORBIDDEN_MIN_REQUESTS}, 100 * forbidden / requests, 0)`);
    expect(metrics.flatMap((metric) => (metric.MetricStat ? [`${metric.MetricStat.Metric.Namespace}/${metric.MetricStat.Metric.MetricName}`] : [])).sort()).toEqual([
      'AWS/ApiGateway/Count',
      'Kesho/Api/Forbidden',
    ]);
  });

  test("SES's bounce and complaint rates raise an alarm before SES would review the account and pause receipts", () => {
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/SES',
      MetricName: 'Reputation.BounceRate',
      Threshold: SES_BOUNCE_RATE_LIMIT,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
    });
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', { Namespace: 'AWS/SES', MetricName: 'Reputation.ComplaintRate', Threshold: SES_COMPLAINT_RATE_LIMIT });
    // SES reviews an account at 5 % bounces and 0.1 % complaints.
    expect(SES_BOUNCE_RATE_LIMIT).toBeLessThan(0.05);
    expect(SES_COMPLAINT_RATE_LIMIT).toBeLessThan(0.001);
  });

  test('a throttled read or write of the orders table or either of its indexes raises an alarm', () => {
    const [tableId] = Object.keys(payments.findResources('AWS::DynamoDB::Table'));
    const [alarm] = alarmsOf(payments).filter((candidate) => JSON.stringify(candidate.Properties.Metrics ?? []).includes('ThrottleEvents'));
    expect(alarm?.Properties).toMatchObject({ Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' });
    const metrics = alarm?.Properties.Metrics as Array<{ Expression?: string; MetricStat?: { Metric: { MetricName: string; Dimensions: { Name: string; Value: unknown }[] } } }>;
    const watched = metrics.flatMap((metric) =>
      metric.MetricStat
        ? [
            `${metric.MetricStat.Metric.MetricName} ${metric.MetricStat.Metric.Dimensions.map((dimension) => (dimension.Name === 'TableName' ? JSON.stringify(dimension.Value) : `${dimension.Name}=${String(dimension.Value)}`)).join(' ')}`,
          ]
        : [],
    );
    const table = JSON.stringify({ Ref: tableId });
    expect(watched.sort()).toEqual(
      [undefined, ...ORDERS_TABLE_INDEXES.map((index) => index.name)]
        .flatMap((index) => ['ReadThrottleEvents', 'WriteThrottleEvents'].map((name) => (index ? `${name} GlobalSecondaryIndexName=${index} ${table}` : `${name} ${table}`)))
        .sort(),
    );
    expect(metrics.find((metric) => metric.Expression)?.Expression).toBe('t0 + t1 + t2 + t3 + t4 + t5');
  });

  /** The alarm on a business metric: its metric (namespace, name, dimensions, statistic, period), threshold and topic. */
  function businessAlarm(alarmName: string): Record<string, unknown> {
    const found = alarmsOf(payments).find((alarm) => alarm.Properties.AlarmName === alarmName);
    if (!found) throw new Error(`No alarm ${alarmName}`);
    return found.Properties;
  }
  /** The alarm notifies the alarm topic (by its name, in the stack's own account and region). */
  const expectOnTopic = (properties: Record<string, unknown>) => expect(JSON.stringify(properties.AlarmActions)).toContain(`:${ALARM_TOPIC_NAME}`);
  const onBusinessMetric = (metric: string, statistic: string, period: number, threshold: number, extra: Record<string, unknown> = {}) => ({
    Namespace: BUSINESS_METRICS_NAMESPACE,
    MetricName: metric,
    Dimensions: [{ Name: 'service', Value: BUSINESS_METRICS_SERVICE }],
    Statistic: statistic,
    Period: period,
    Threshold: threshold,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
    TreatMissingData: 'notBreaching',
    ...extra,
  });

  test.each([
    ['kesho-order-needs-review', 'OrdersNeedingReview', 'Sum', 300, 1, {}],
    ['kesho-orders-held-for-review', 'OrdersHeldForReview', 'Maximum', 900, 1, {}],
    ['kesho-receipts-overdue', 'ReceiptsOverdue', 'Maximum', 300, 1, {}],
    ['kesho-mail-send-failures', 'MailSendFailures', 'Sum', 900, MAIL_SEND_FAILURES_THRESHOLD, {}],
    ['kesho-mpesa-query-failures', 'MpesaQueryFailures', 'Sum', 900, MPESA_QUERY_FAILURES_THRESHOLD, {}],
    ['kesho-pending-orders-backlog', 'PendingOrdersBacklog', 'Maximum', 300, 1, { EvaluationPeriods: 2, DatapointsToAlarm: 2 }],
  ] as const)('business alarm %s: %s (%s over %i s) at %i, on the alarm topic', (alarmName, metric, statistic, period, threshold, extra) => {
    const properties = businessAlarm(alarmName);
    expect(properties).toMatchObject(onBusinessMetric(metric, statistic, period, threshold, extra));
    expectOnTopic(properties);
  });

  test('the needs-review alarm reads the metric the Lambdas emit for a needs-review order', () => {
    expect(businessAlarm('kesho-order-needs-review')).toMatchObject({ MetricName: BUSINESS_METRICS.ordersNeedingReview.name, Namespace: BUSINESS_METRICS_NAMESPACE });
    // The old count of a log line is gone: the business metric is the one source.
    expect(Object.keys(payments.findResources('AWS::Logs::MetricFilter')).filter((id) => id.includes('HeldForReview'))).toEqual([]);
  });

  test('the share of failed payments: failed over paid + failed, card and M-Pesa, in an hour, from enough payments', () => {
    const share = businessAlarm('kesho-failed-payments-share');
    expect(share).toMatchObject({ Threshold: FAILED_PAYMENTS_PERCENT, ComparisonOperator: 'GreaterThanThreshold', EvaluationPeriods: 1, TreatMissingData: 'notBreaching' });
    expectOnTopic(share);
    const metrics = share.Metrics as Array<{
      Expression?: string;
      MetricStat?: { Metric: { MetricName: string; Namespace: string; Dimensions: { Name: string; Value: string }[] }; Period: number; Stat: string };
    }>;
    expect(metrics.find((metric) => metric.Expression)?.Expression).toContain(`>= ${FAILED_PAYMENTS_MIN_OUTCOMES}`);
    const watched = metrics.flatMap((metric) =>
      metric.MetricStat
        ? [
            `${metric.MetricStat.Metric.MetricName}/${metric.MetricStat.Metric.Dimensions.find((dimension) => dimension.Name === 'Method')?.Value}/${metric.MetricStat.Stat}/${metric.MetricStat.Period}`,
          ]
        : [],
    );
    expect(watched.sort()).toEqual(['OrdersFailed/card/Sum/3600', 'OrdersFailed/mpesa/Sum/3600', 'OrdersPaid/card/Sum/3600', 'OrdersPaid/mpesa/Sum/3600']);
  });

  test('the kesho dashboard shows the business metrics beside the technical ones', () => {
    const [dashboard] = Object.values(payments.findResources('AWS::CloudWatch::Dashboard')) as Array<{ Properties: { DashboardBody: unknown } }>;
    const body = JSON.stringify(dashboard?.Properties.DashboardBody);
    for (const metric of [
      'OrdersStarted',
      'OrdersPaid',
      'OrdersFailed',
      'OrdersNeedingReview',
      'ReceiptsOverdue',
      'MailSendFailures',
      'PendingOrdersBacklog',
      'EnquiriesAccepted',
      'SignUpsRefused',
      'Lambda errors',
    ]) {
      expect(body).toContain(metric);
    }
  });

  test('every function but client-events is traced by X-Ray (active tracing; Powertools Tracer inside names its service); beacons are not', () => {
    const functions = Object.values(payments.findResources('AWS::Lambda::Function')) as Array<{
      Properties: { TracingConfig?: { Mode: string }; Environment?: { Variables?: Record<string, unknown> }; Description?: string };
    }>;
    const handlers = functions.filter((fn) => fn.Properties.Description?.startsWith('Kesho payments: '));
    expect(handlers).toHaveLength(11);
    for (const fn of handlers) {
      expect(fn.Properties.TracingConfig).toEqual(fn.Properties.Description === 'Kesho payments: client-events' ? undefined : { Mode: 'Active' });
      expect(fn.Properties.Environment?.Variables?.POWERTOOLS_SERVICE_NAME).toBe(fn.Properties.Description?.replace('Kesho payments: ', ''));
    }
  });

  test('a message in the fulfilment or the publisher failure queue raises an alarm', () => {
    const queueAlarm = { Namespace: 'AWS/SQS', MetricName: 'ApproximateNumberOfMessagesVisible', Threshold: 1, ComparisonOperator: 'GreaterThanOrEqualToThreshold' };
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', {
      ...queueAlarm,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^FulfilmentFailures'), 'QueueName'] } }],
    });
    site.hasResourceProperties('AWS::CloudWatch::Alarm', {
      ...queueAlarm,
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp('^ReleasePublisherPublishFailures'), 'QueueName'] } }],
    });
    // The publisher and the not-found function each have an errors and a throttles alarm.
    const siteFunctionIds = Object.keys(site.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('mfe/remotes.json|not-found page') } }));
    expect(siteFunctionIds).toHaveLength(2);
    for (const id of siteFunctionIds) {
      // The function's own metrics (the canary check's alias has its heartbeat, by Resource: heartbeats.test.ts).
      const watching = alarmsOf(site).filter(
        (alarm) =>
          alarm.Properties.Namespace === 'AWS/Lambda' &&
          JSON.stringify(alarm.Properties.Dimensions).includes(`"${id}"`) &&
          !JSON.stringify(alarm.Properties.Dimensions).includes('"Resource"'),
      );
      expect(watching.map((alarm) => alarm.Properties.MetricName).sort()).toEqual(['Errors', 'Throttles']);
    }
  });

  test('every alarm notifies the alarm topic of its own region by name, without exports', () => {
    for (const [stack, template] of [
      [stacks.payments, payments],
      [stacks.site, site],
    ] as const) {
      const all = alarmsOf(template);
      expect(all.length).toBeGreaterThan(0);

      const actions = JSON.stringify(all.map((alarm) => alarm.Properties.AlarmActions));
      expect(actions).toContain(`:sns:${stack.region}:${stack.account}:${ALARM_TOPIC_NAME}`);
      expect(JSON.stringify(all)).not.toContain('Fn::ImportValue');
    }
    alarms.hasResourceProperties('AWS::SNS::Topic', { TopicName: ALARM_TOPIC_NAME });
    alarms.resourceCountIs('AWS::SNS::Subscription', 0);
    expect(stacks.payments.dependencies).toContain(stacks.alarms);
    expect(stacks.site.dependencies).toContain(stacks.alarms);
  });

  test('the monthly budget notifies the topic, which lets Budgets publish', () => {
    alarms.hasResourceProperties('AWS::Budgets::Budget', {
      Budget: { BudgetType: 'COST', TimeUnit: 'MONTHLY', BudgetLimit: { Amount: DEFAULT_MONTHLY_BUDGET_USD, Unit: 'USD' } },
      NotificationsWithSubscribers: Match.arrayWith([
        Match.objectLike({
          Notification: Match.objectLike({ NotificationType: 'ACTUAL', Threshold: 80 }),
          Subscribers: [{ SubscriptionType: 'SNS', Address: { Ref: Match.anyValue() } }],
        }),
      ]),
    });
    alarms.hasResourceProperties('AWS::SNS::TopicPolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Principal: { Service: 'budgets.amazonaws.com' }, Action: 'sns:Publish' })]) },
    });
  });

  test("each app (the shell and every remote) has an alarm on the share of its page views that met an error in visitors' browsers", () => {
    for (const app of CLIENT_APPS) {
      const alarm = alarmsOf(payments).find((candidate) => candidate.Properties.AlarmName === `kesho-client-errors-${app}`);
      expect(alarm?.Properties).toMatchObject({ Threshold: CLIENT_ERROR_RATE_PERCENT, EvaluationPeriods: 2, ComparisonOperator: 'GreaterThanThreshold', TreatMissingData: 'notBreaching' });
      const queries = alarm?.Properties.Metrics as Array<{
        Id: string;
        Expression?: string;
        MetricStat?: { Metric: { Namespace: string; MetricName: string; Dimensions: unknown }; Stat: string };
      }>;
      // Page views that met an error (errors capped per page view by the client-events function), not errors ÷ page views.
      expect(queries.find((query) => query.Expression)?.Expression).toBe(`IF(views >= ${CLIENT_ERRORS_MIN_PAGE_VIEWS}, 100 * FILL(erred, 0) / views, 0)`);
      for (const [id, metricName] of [
        ['erred', 'PageViewsWithErrors'],
        ['views', 'PageViews'],
      ]) {
        expect(queries.find((query) => query.Id === id)?.MetricStat).toEqual({
          Metric: { Namespace: CLIENT_EVENTS_METRICS_NAMESPACE, MetricName: metricName, Dimensions: [{ Name: 'App', Value: app }] },
          Period: 300,
          Stat: 'Sum',
        });
      }
      expect(JSON.stringify(alarm?.Properties.AlarmActions)).toContain(ALARM_TOPIC_NAME);
    }
  });

  test("a dashboard shows the API, the functions, and per app what visitors' browsers saw", () => {
    payments.resourceCountIs('AWS::CloudWatch::Dashboard', 1);
    const body = JSON.stringify(Object.values(payments.findResources('AWS::CloudWatch::Dashboard'))[0]);
    for (const app of CLIENT_APPS) {
      expect(body).toContain(`${app}: page views and browser errors`);
      expect(body).toContain(`${app}: Web Vitals p75`);
    }
    expect(body).toContain(CLIENT_EVENTS_METRICS_NAMESPACE);
  });

  test('the CloudFront alarm stack is left out, with a note saying why', () => {
    expect(stacks.edgeAlarms).toBeUndefined();
    expect(app.node.metadata.map((entry) => String(entry.data)).join('\n')).toContain('No distributionId');
  });
});

describe('alarms with an e-mail, a budget and the distribution id', () => {
  const { app, stacks } = buildTestApp({ context: { alarmEmail: 'ops@example.org', monthlyBudgetUsd: '120', distributionId: 'E2ABCDEF123456' } });

  test('subscribe the address, set the budget and alarm on CloudFront 5xx in us-east-1', () => {
    const alarms = Template.fromStack(stacks.alarms);
    alarms.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
    alarms.hasResourceProperties('AWS::Budgets::Budget', { Budget: Match.objectLike({ BudgetLimit: { Amount: 120, Unit: 'USD' } }) });
    const edge = stacks.edgeAlarms;
    if (!edge) throw new Error('no edge alarms stack');
    expect(edge.region).toBe('us-east-1');
    const template = Template.fromStack(edge);
    template.hasResourceProperties('AWS::CloudWatch::Alarm', {
      Namespace: 'AWS/CloudFront',
      MetricName: '5xxErrorRate',
      Dimensions: Match.arrayWith([
        { Name: 'DistributionId', Value: 'E2ABCDEF123456' },
        { Name: 'Region', Value: 'Global' },
      ]),
      AlarmActions: [{ Ref: Match.anyValue() }],
    });
    template.hasResourceProperties('AWS::SNS::Subscription', { Protocol: 'email', Endpoint: 'ops@example.org' });
  });

  test('infra/RUNBOOK.md has a line for every alarm of every stack (what it means, what to do)', () => {
    const readme = fs.readFileSync(path.join(INFRA_ROOT, 'RUNBOOK.md'), 'utf8');
    const header = readme.indexOf('| alarm (stack) | means | what to do |');
    expect(header).toBeGreaterThan(-1);
    const rows = readme.slice(header).split('\n\n')[0]?.split('\n').slice(2) ?? [];
    // The payment functions' alarms share two rows; the first names each function.
    const functionsRow = rows.find((row) => row.startsWith('| `<function>Errors`')) ?? '';
    const alarms = app.node.findAll().filter((construct): construct is Alarm => construct instanceof Alarm);
    expect(alarms.length).toBeGreaterThan(40);
    const missing = alarms.flatMap((alarm) => {
      // A fixed name where the alarm has one (kesho-…), else its id (an unnamed alarm's name is a generated token).
      const fixedName = (alarm.node.defaultChild as CfnAlarm).alarmName;
      const name = fixedName && !Token.isUnresolved(fixedName) ? fixedName : alarm.node.id;
      const perFunction = /^(.+)(Errors|Throttles)$/.exec(name);
      const covered = rows.some((row) => {
        const [, means = '', todo = ''] = row.split(' | ');
        const explained = means.trim().length > 20 && todo.trim().length > 20;
        // `kesho-…-<app>` (client errors, Web Vitals, beacons) on a row naming each app, and a function's alarms on the row that names the function and the kind.
        const named =
          row.includes(`\`${name}\``) ||
          CLIENT_APPS.some((clientApp) => [...row.matchAll(/`(kesho-[a-z0-9-]*)<app>`/g)].some((match) => name === `${match[1]}${clientApp}` && row.includes(clientApp))) ||
          (perFunction !== null && row.includes(`\`${perFunction[1]}Errors\``) && row.includes(perFunction[2] ?? '')) ||
          (perFunction !== null && row.includes(`\`<function>${perFunction[2]}\``) && functionsRow.includes(perFunction[1] ?? ''));
        return named && explained;
      });
      return covered ? [] : [name];
    });
    expect(missing).toEqual([]);
  });

  test('cdk-nag finds nothing unacknowledged, the us-east-1 stack included', () => {
    const findings = nagPacks().flatMap((pack) =>
      pack.validateScope(app).violations.map((violation) => `${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`),
    );
    expect(findings).toEqual([]);
  });
});

describe('alarm configuration', () => {
  test.each([
    [{ alarmEmail: 'not-an-address' }, /alarmEmail/],
    [{ monthlyBudgetUsd: '-5' }, /monthlyBudgetUsd/],
    [{ monthlyBudgetUsd: 'lots' }, /monthlyBudgetUsd/],
    [{ distributionId: 'd123.cloudfront.net' }, /distributionId/],
  ])('rejects %j', (context, message) => {
    expect(() => buildTestApp({ context })).toThrow(message);
  });
});
