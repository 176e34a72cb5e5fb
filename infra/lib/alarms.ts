/**
 * Alarms, the alarm topic, the dashboard and the cost budget. Alarms live in the stack that owns what
 * they watch and notify the one topic by its fixed name (no cross-stack export that would pin a
 * function or queue). CloudFront publishes its metrics in us-east-1 only, and an alarm can only notify
 * a topic of its own region, so the CloudFront alarm has its own stack and topic there.
 * infra/RUNBOOK.md says what each alarm means and what to do about it.
 */
import { Duration, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi } from 'aws-cdk-lib/aws-apigatewayv2';
import { CfnBudget } from 'aws-cdk-lib/aws-budgets';
import { Alarm, AlarmWidget, ComparisonOperator, Dashboard, GraphWidget, MathExpression, Metric, TreatMissingData, type IMetric } from 'aws-cdk-lib/aws-cloudwatch';
import { SnsAction } from 'aws-cdk-lib/aws-cloudwatch-actions';
import { PolicyStatement, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { FilterPattern, MetricFilter, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Topic, type ITopic } from 'aws-cdk-lib/aws-sns';
import { EmailSubscription } from 'aws-cdk-lib/aws-sns-subscriptions';
import type { IQueue } from 'aws-cdk-lib/aws-sqs';
import { Construct } from 'constructs';
import { MACHINE_PATHS_RULE_METRIC, WEB_ACL_NAME } from './edge-stack';
import { acknowledge, SERVERLESS_RULES } from './nag';
import { CLIENT_APPS, CLIENT_EVENTS_METRICS_NAMESPACE, CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC, type ClientApp } from '@kesho/operations/client-events';
import {
  BUSINESS_METRICS,
  BUSINESS_METRICS_NAMESPACE,
  BUSINESS_METRICS_SERVICE,
  PAYMENT_METHODS,
  PENDING_BACKLOG_MINUTES,
  RECEIPT_OVERDUE_MINUTES,
  type BusinessMetric,
  type PaymentMethod,
} from '@kesho/operations/ops-events';

export const ALARM_TOPIC_NAME = 'kesho-alarms';
export const EDGE_ALARM_TOPIC_NAME = 'kesho-edge-alarms';
/** CloudFront's metrics (and so its alarms) exist only in this region. */
export const CLOUDFRONT_METRICS_REGION = 'us-east-1';
export const DEFAULT_MONTHLY_BUDGET_USD = 50;
/** Namespace of the metrics derived from the API's access log. */
export const API_METRICS_NAMESPACE = 'Kesho/Api';
/**
 * An app's client error alarm: errors over page views above this share, in each of two 5-minute
 * periods with at least CLIENT_ERRORS_MIN_PAGE_VIEWS page views (a handful of visits proves nothing).
 */
export const CLIENT_ERROR_RATE_PERCENT = 5;
export const CLIENT_ERRORS_MIN_PAGE_VIEWS = 20;
/**
 * The API's 403 alarm: refused requests over all requests above this share in a 5-minute period with
 * at least API_FORBIDDEN_MIN_REQUESTS requests. The origin-verify authorizer answers 403 to every
 * request when the distribution sends a value it no longer admits (a rotation left half done), which
 * the distribution used to turn into the HTML 404 page for payments, the webhook and M-Pesa callbacks
 * alike; the handlers' own 403s (a form posted from another site) are a few requests, not a share.
 */
export const API_FORBIDDEN_PERCENT = 25;
export const API_FORBIDDEN_MIN_REQUESTS = 5;

export interface AlarmSettings {
  /** Subscribed to the alarm topics when set (the address confirms the subscription once). */
  readonly email?: string;
  /** Monthly cost budget in USD; notifications at 80 % actual and 100 % forecast. */
  readonly monthlyBudgetUsd: number;
  /** The site distribution's id (output DistributionId of KeshoSite): enables the CloudFront alarm stack. */
  readonly distributionId?: string;
}

/** The topic of `stack`'s account and region, by name. */
export function alarmTopic(scope: Construct, id: string, topicName: string = ALARM_TOPIC_NAME): ITopic {
  return Topic.fromTopicArn(scope, id, Stack.of(scope).formatArn({ service: 'sns', resource: topicName }));
}

function notificationTopic(scope: Construct, topicName: string, email: string | undefined): Topic {
  const topic = new Topic(scope, 'Topic', { topicName, displayName: 'Kesho alarms', enforceSSL: true });
  if (email) {
    acknowledge(topic.addSubscription(new EmailSubscription(email)), {
      id: SERVERLESS_RULES.snsRedrivePolicy,
      reason:
        "The alarm mail's subscription: SNS retries delivery to the mail server, and an alarm it could not mail stays in ALARM with its history in CloudWatch; a dead-letter queue would hold notifications nobody reads.",
    });
  }
  return topic;
}

export interface AlarmsStackProps extends StackProps {
  readonly settings: AlarmSettings;
}

/** The alarm topic (optionally mailed) and the account's monthly cost budget. Deployed before the alarms. */
export class AlarmsStack extends Stack {
  readonly topic: Topic;
  readonly budget: CfnBudget;

  constructor(scope: Construct, id: string, props: AlarmsStackProps) {
    super(scope, id, props);
    this.topic = notificationTopic(this, ALARM_TOPIC_NAME, props.settings.email);
    this.topic.addToResourcePolicy(
      new PolicyStatement({
        sid: 'BudgetsPublish',
        principals: [new ServicePrincipal('budgets.amazonaws.com')],
        actions: ['sns:Publish'],
        resources: [this.topic.topicArn],
        conditions: { StringEquals: { 'aws:SourceAccount': this.account } },
      }),
    );
    const subscribers = [{ subscriptionType: 'SNS', address: this.topic.topicArn }, ...(props.settings.email ? [{ subscriptionType: 'EMAIL', address: props.settings.email }] : [])];
    this.budget = new CfnBudget(this, 'MonthlyBudget', {
      budget: {
        budgetName: 'kesho-monthly',
        budgetType: 'COST',
        timeUnit: 'MONTHLY',
        budgetLimit: { amount: props.settings.monthlyBudgetUsd, unit: 'USD' },
      },
      notificationsWithSubscribers: [
        { notification: { notificationType: 'ACTUAL', comparisonOperator: 'GREATER_THAN', threshold: 80, thresholdType: 'PERCENTAGE' }, subscribers },
        { notification: { notificationType: 'FORECASTED', comparisonOperator: 'GREATER_THAN', threshold: 100, thresholdType: 'PERCENTAGE' }, subscribers },
      ],
    });
  }
}

export interface EdgeAlarmsStackProps extends StackProps {
  readonly settings: AlarmSettings & { readonly distributionId: string };
}

/** us-east-1: the CloudFront 5xx alarm and the topic it notifies. */
export class EdgeAlarmsStack extends Stack {
  readonly topic: Topic;
  readonly serverErrors: Alarm;
  readonly machinePathBlocks: Alarm;

  constructor(scope: Construct, id: string, props: EdgeAlarmsStackProps) {
    super(scope, id, props);
    if (this.region !== CLOUDFRONT_METRICS_REGION) throw new Error(`CloudFront alarms must be in ${CLOUDFRONT_METRICS_REGION}, not ${this.region}`);
    this.topic = notificationTopic(this, EDGE_ALARM_TOPIC_NAME, props.settings.email);
    this.serverErrors = new Alarm(this, 'CloudFront5xx', {
      alarmName: 'kesho-cloudfront-5xx',
      alarmDescription: 'More than 5 % of site requests answered with 5xx for 10 minutes (see infra/RUNBOOK.md, Alarms).',
      metric: new Metric({
        namespace: 'AWS/CloudFront',
        metricName: '5xxErrorRate',
        dimensionsMap: { DistributionId: props.settings.distributionId, Region: 'Global' },
        statistic: 'Average',
        period: Duration.minutes(5),
      }),
      threshold: 5,
      evaluationPeriods: 2,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    notify(this.serverErrors, this.topic);
    // The WAF (its metrics are CloudFront's region's too): anything the common rule set still blocks
    // on a path machines call (the providers' callbacks, visitors' beacons) is a payment or an error
    // report lost.
    this.machinePathBlocks = new Alarm(this, 'WafMachinePathBlocks', {
      alarmName: 'kesho-waf-machine-path-blocks',
      alarmDescription: "The WAF blocked a request to a provider's callback or to /api/client-events (see infra/RUNBOOK.md, Alarms).",
      metric: new Metric({
        namespace: 'AWS/WAFV2',
        metricName: 'BlockedRequests',
        dimensionsMap: { WebACL: WEB_ACL_NAME, Rule: MACHINE_PATHS_RULE_METRIC },
        statistic: 'Sum',
        period: Duration.minutes(5),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    notify(this.machinePathBlocks, this.topic);
  }
}

/** Told when the alarm fires and again when it is over (OK), so a mail thread ends with its all-clear. */
export function notify(alarm: Alarm, topic: ITopic): Alarm {
  alarm.addAlarmAction(new SnsAction(topic));
  alarm.addOkAction(new SnsAction(topic));
  return alarm;
}

/**
 * A heartbeat: something that must keep happening (a run, a beacon) did not, `metric` below 1.
 * Missing data is what silence looks like, so it breaches.
 */
function heartbeatAlarm(scope: Construct, id: string, alarmName: string, metric: IMetric, description: string, evaluationPeriods = 1): Alarm {
  return new Alarm(scope, id, {
    alarmName,
    alarmDescription: `${description} (see infra/RUNBOOK.md, Alarms).`,
    metric,
    threshold: 1,
    evaluationPeriods,
    datapointsToAlarm: evaluationPeriods,
    comparisonOperator: ComparisonOperator.LESS_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.BREACHING,
  });
}

interface CountAlarmOptions {
  readonly alarmName?: string;
  readonly evaluationPeriods?: number;
  readonly datapointsToAlarm?: number;
}

function countAlarm(
  scope: Construct,
  id: string,
  metric: IMetric,
  description: string,
  threshold = 1,
  { alarmName, evaluationPeriods = 1, datapointsToAlarm }: CountAlarmOptions = {},
): Alarm {
  return new Alarm(scope, id, {
    alarmName,
    alarmDescription: `${description} (see infra/RUNBOOK.md, Alarms).`,
    metric,
    threshold,
    evaluationPeriods,
    datapointsToAlarm,
    comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

function queueDepthAlarm(scope: Construct, id: string, queue: IQueue, what: string): Alarm {
  return countAlarm(
    scope,
    id,
    queue.metricApproximateNumberOfMessagesVisible({ period: Duration.minutes(5), statistic: 'Maximum' }),
    `${what} gave up on at least one event; it waits in the failure queue`,
  );
}

function functionAlarms(scope: Construct, name: string, fn: IFunction): Alarm[] {
  const period = Duration.minutes(5);
  return [
    countAlarm(scope, `${name}Errors`, fn.metricErrors({ period, statistic: 'Sum' }), `${name} failed at least once in 5 minutes`),
    countAlarm(scope, `${name}Throttles`, fn.metricThrottles({ period, statistic: 'Sum' }), `${name} was throttled at least once in 5 minutes`),
  ];
}

/** One of the client-events metrics of an app, over all its builds. */
function clientMetric(app: ClientApp, metricName: string, statistic: string, period: Duration): Metric {
  return new Metric({
    namespace: CLIENT_EVENTS_METRICS_NAMESPACE,
    metricName,
    dimensionsMap: { App: app },
    statistic,
    period,
    label: `${app} ${metricName} ${statistic === 'Sum' ? '' : statistic}`.trim(),
  });
}

/**
 * The share of an app's page views that met an error in visitors' browsers, in percent; 0 while too
 * few page views came in to judge. `PageViewsWithErrors` counts a page view once however many errors
 * it met (the client-events function caps each beacon's errors at its page views), so one page that
 * throws in a loop cannot raise the rate alone, and the share never passes 100 %.
 */
function clientErrorRate(app: ClientApp, period: Duration): MathExpression {
  return new MathExpression({
    expression: `IF(views >= ${CLIENT_ERRORS_MIN_PAGE_VIEWS}, 100 * FILL(erred, 0) / views, 0)`,
    usingMetrics: { erred: clientMetric(app, CLIENT_PAGE_VIEWS_WITH_ERRORS_METRIC, 'Sum', period), views: clientMetric(app, 'PageViews', 'Sum', period) },
    label: `${app} error rate (%)`,
    period,
  });
}

function clientErrorAlarm(scope: Construct, app: ClientApp): Alarm {
  return new Alarm(scope, `ClientErrors${app[0]?.toUpperCase()}${app.slice(1)}`, {
    alarmName: `kesho-client-errors-${app}`,
    alarmDescription:
      `More than ${CLIENT_ERROR_RATE_PERCENT} % of ${app}'s page views met an error in visitors' browsers for 10 minutes ` +
      `(at least ${CLIENT_ERRORS_MIN_PAGE_VIEWS} page views each 5 minutes; see infra/RUNBOOK.md, Alarms).`,
    metric: clientErrorRate(app, Duration.minutes(5)),
    threshold: CLIENT_ERROR_RATE_PERCENT,
    evaluationPeriods: 2,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Web Vitals alarms: an app's p75 over web.dev's "good" boundary (LCP 2.5 s, INP 200 ms) in each of
 * three 15-minute periods running, each period judged only from WEB_VITALS_MIN_SAMPLES measurements
 * (a few slow phones prove nothing).
 */
export const WEB_VITALS_P75_LIMITS_MS = { LCP: 2500, INP: 200 } as const;
export const WEB_VITALS_MIN_SAMPLES = 20;
export const WEB_VITALS_PERIOD = Duration.minutes(15);
export const WEB_VITALS_EVALUATION_PERIODS = 3;

function webVitalAlarm(scope: Construct, app: ClientApp, vital: keyof typeof WEB_VITALS_P75_LIMITS_MS): Alarm {
  const limit = WEB_VITALS_P75_LIMITS_MS[vital];
  return new Alarm(scope, `${vital}${app[0]?.toUpperCase()}${app.slice(1)}`, {
    alarmName: `kesho-${vital.toLowerCase()}-p75-${app}`,
    alarmDescription:
      `${app}'s ${vital} p75 in visitors' browsers was over ${limit} ms for ${WEB_VITALS_EVALUATION_PERIODS * WEB_VITALS_PERIOD.toMinutes()} minutes ` +
      `(at least ${WEB_VITALS_MIN_SAMPLES} measurements each ${WEB_VITALS_PERIOD.toMinutes()} minutes; see infra/RUNBOOK.md, Alarms).`,
    metric: new MathExpression({
      expression: `IF(samples >= ${WEB_VITALS_MIN_SAMPLES}, p75, 0)`,
      usingMetrics: { p75: clientMetric(app, vital, 'p75', WEB_VITALS_PERIOD), samples: clientMetric(app, vital, 'SampleCount', WEB_VITALS_PERIOD) },
      label: `${app} ${vital} p75 (ms)`,
      period: WEB_VITALS_PERIOD,
    }),
    threshold: limit,
    evaluationPeriods: WEB_VITALS_EVALUATION_PERIODS,
    datapointsToAlarm: WEB_VITALS_EVALUATION_PERIODS,
    comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
    treatMissingData: TreatMissingData.NOT_BREACHING,
  });
}

/**
 * Visitors' beacons stop arriving for an app (the shell's reporter broken by a release, the API's
 * route refusing them, the function failing): during Kenya's day (07:00–22:00 EAT, UTC+3), in
 * CLIENT_EVENTS_SILENT_HOURS hours running, no page view was counted. At night it never fires.
 */
export const KENYA_DAY_UTC_HOURS = { from: 4, to: 19 } as const;
export const CLIENT_EVENTS_SILENT_HOURS = 3;

function clientEventsHeartbeat(scope: Construct, app: ClientApp): Alarm {
  const { from, to } = KENYA_DAY_UTC_HOURS;
  return heartbeatAlarm(
    scope,
    `ClientEventsSilent${app[0]?.toUpperCase()}${app.slice(1)}`,
    `kesho-client-events-silent-${app}`,
    new MathExpression({
      // Night hours count as 1 (never silent); a day hour with no page view counts 0 (FILL).
      expression: `IF(HOUR(FILL(views, 0)) >= ${from} AND HOUR(FILL(views, 0)) < ${to}, FILL(views, 0), 1)`,
      usingMetrics: { views: clientMetric(app, 'PageViews', 'Sum', Duration.hours(1)) },
      label: `${app} page views in the day's hours`,
      period: Duration.hours(1),
    }),
    `No page view of ${app} was reported by visitors' browsers for ${CLIENT_EVENTS_SILENT_HOURS} hours of Kenya's day`,
    CLIENT_EVENTS_SILENT_HOURS,
  );
}

/**
 * SES reviews an account whose bounce rate reaches 5 % or whose complaint rate reaches 0.1 %, and may
 * pause its sending (no receipt would go out): the alarms fire before that, at these shares.
 */
export const SES_BOUNCE_RATE_LIMIT = 0.04;
export const SES_COMPLAINT_RATE_LIMIT = 0.0008;

/** The account's sending reputation in the stack's region, which SES publishes every few minutes while mail is sent. */
function mailReputationAlarms(scope: Construct): Alarm[] {
  const reputation = (metricName: string) => new Metric({ namespace: 'AWS/SES', metricName, statistic: 'Maximum', period: Duration.hours(1) });
  const alarm = (id: string, metricName: string, threshold: number, what: string) =>
    countAlarm(scope, id, reputation(metricName), `SES's ${what} rate of the account reached ${threshold * 100} %: receipts may stop if SES pauses sending`, threshold);
  return [alarm('MailBounceRate', 'Reputation.BounceRate', SES_BOUNCE_RATE_LIMIT, 'bounce'), alarm('MailComplaintRate', 'Reputation.ComplaintRate', SES_COMPLAINT_RATE_LIMIT, 'complaint')];
}

/** Any read or write of the orders table or its indexes refused for capacity in 5 minutes (on-demand tables throttle too, on a hot key or the account's limits). */
function tableThrottleAlarm(scope: Construct, table: ITable, indexNames: readonly string[]): Alarm {
  const period = Duration.minutes(5);
  const throttles = (metricName: string, indexName?: string) =>
    new Metric({
      namespace: 'AWS/DynamoDB',
      metricName,
      dimensionsMap: { TableName: table.tableName, ...(indexName ? { GlobalSecondaryIndexName: indexName } : {}) },
      statistic: 'Sum',
      period,
    });
  const metrics = [undefined, ...indexNames].flatMap((indexName) => [throttles('ReadThrottleEvents', indexName), throttles('WriteThrottleEvents', indexName)]);
  return countAlarm(
    scope,
    'OrdersTableThrottles',
    new MathExpression({
      expression: metrics.map((_metric, index) => `t${index}`).join(' + '),
      usingMetrics: Object.fromEntries(metrics.map((metric, index) => [`t${index}`, metric])),
      label: 'orders table throttles',
      period,
    }),
    'DynamoDB refused at least one read or write of the orders table or its indexes in 5 minutes',
  );
}

/**
 * The business alarms' thresholds (infra/RUNBOOK.md, "Alarms", says what each means and what to do).
 * Mail: a refused message now and then is a bad address; this many in 15 minutes is SES refusing us.
 */
export const MAIL_SEND_FAILURES_THRESHOLD = 5;
/** Bounces of our own messages in an hour: one is a typed address; this many is a list or a sender going wrong. */
export const MAIL_BOUNCES_THRESHOLD = 3;
/** Daraja's status query failing this often in 15 minutes: payers' M-Pesa payments cannot be settled. */
export const MPESA_QUERY_FAILURES_THRESHOLD = 5;
/** Failed payments over all payment outcomes (paid + failed) in an hour, in percent, from at least FAILED_PAYMENTS_MIN_OUTCOMES outcomes. */
export const FAILED_PAYMENTS_PERCENT = 25;
export const FAILED_PAYMENTS_MIN_OUTCOMES = 10;

/** One business metric (lambdas/src/metrics.ts: EMF lines, @kesho/operations/ops-events), summed over every function that emits it. */
function businessMetric(metric: BusinessMetric, options: { statistic: string; period: Duration; method?: PaymentMethod; label?: string }): Metric {
  return new Metric({
    namespace: BUSINESS_METRICS_NAMESPACE,
    metricName: BUSINESS_METRICS[metric].name,
    dimensionsMap: { service: BUSINESS_METRICS_SERVICE, ...(options.method ? { Method: options.method } : {}) },
    statistic: options.statistic,
    period: options.period,
    // A label makes CloudWatch read the metric as a query; alarms read it plainly, dashboards name it.
    ...(options.label ? { label: options.label } : {}),
  });
}

/** A business metric as a dashboard shows it: named, and by method where it has one. */
function dashboardMetric(metric: BusinessMetric, statistic: string, period: Duration, method?: PaymentMethod): Metric {
  const label = `${BUSINESS_METRICS[metric].name}${method ? ` (${method})` : ''}`;
  return businessMetric(metric, { statistic, period, label, ...(method ? { method } : {}) });
}

/** Failed payments over paid + failed, in percent, across both methods; 0 while too few payments came in to judge. */
function failedPaymentsShare(period: Duration): MathExpression {
  const usingMetrics: Record<string, IMetric> = {};
  for (const method of PAYMENT_METHODS) {
    usingMetrics[`paid_${method}`] = businessMetric('ordersPaid', { statistic: 'Sum', period, method });
    usingMetrics[`failed_${method}`] = businessMetric('ordersFailed', { statistic: 'Sum', period, method });
  }
  const sum = (prefix: string) => PAYMENT_METHODS.map((method) => `FILL(${prefix}_${method}, 0)`).join(' + ');
  return new MathExpression({
    expression: `IF((${sum('paid')}) + (${sum('failed')}) >= ${FAILED_PAYMENTS_MIN_OUTCOMES}, 100 * (${sum('failed')}) / ((${sum('paid')}) + (${sum('failed')})), 0)`,
    usingMetrics,
    label: 'Failed payments (%)',
    period,
  });
}

/**
 * The alarms on what matters to the business, from the Lambdas' EMF lines: money taken that needs a
 * person, receipts and mail that do not go out, M-Pesa that cannot be settled, a reconciliation
 * that falls behind, and too many failed payments.
 */
function businessAlarms(scope: Construct): { readonly all: Alarm[]; readonly heldForReview: Alarm } {
  const five = Duration.minutes(5);
  const quarter = Duration.minutes(15);
  const alarm = (id: string, description: string, metric: IMetric, threshold: number, evaluationPeriods = 1) =>
    countAlarm(scope, id, metric, description, threshold, {
      alarmName: `kesho-${id.replace(/[A-Z]/g, (letter, index: number) => `${index ? '-' : ''}${letter.toLowerCase()}`)}`,
      evaluationPeriods,
      datapointsToAlarm: evaluationPeriods,
    });
  const needsReview = alarm(
    'OrderNeedsReview',
    'An order was marked for review: money moved in a way the code could not settle alone',
    businessMetric('ordersNeedingReview', { statistic: 'Sum', period: five }),
    1,
  );
  // Every reconciliation run reports the level, so this stays raised until a person clears the mark.
  const heldForReview = alarm(
    'OrdersHeldForReview',
    'At least one order is held for review: money may have moved that the code could not settle alone',
    businessMetric('ordersHeldForReview', { statistic: 'Maximum', period: quarter }),
    1,
  );
  // Each run of the reconciliation reports its pending backlog, even 0: no sample in 15 minutes is
  // three runs missed (the schedule disabled, the function failing before its report).
  const reconciliationSilent = heartbeatAlarm(
    scope,
    'ReconciliationSilent',
    'kesho-reconciliation-silent',
    businessMetric('pendingOrdersBacklog', { statistic: 'SampleCount', period: quarter }),
    'The reconciliation reported no run in 15 minutes (it runs every 5): paid orders are not settled behind failed hand-offs and due receipts wait',
  );
  const all = [
    reconciliationSilent,
    needsReview,
    heldForReview,
    alarm(
      'ReceiptsOverdue',
      `A paid order's receipt is still due ${RECEIPT_OVERDUE_MINUTES} minutes after payment`,
      businessMetric('receiptsOverdue', { statistic: 'Maximum', period: five }),
      1,
    ),
    alarm(
      'MailSendFailures',
      `At least ${MAIL_SEND_FAILURES_THRESHOLD} messages were refused by the mail service in 15 minutes`,
      businessMetric('mailSendFailures', { statistic: 'Sum', period: quarter }),
      MAIL_SEND_FAILURES_THRESHOLD,
    ),
    // SES's events of our own messages (mail-events): a bounce is a customer without their receipt or
    // answer, a complaint a recipient who marked us as spam (SES's account-wide rates are alarmed apart).
    alarm(
      'MailBounced',
      `At least ${MAIL_BOUNCES_THRESHOLD} messages bounced in an hour (receipts, enquiry answers, newsletter confirmations)`,
      businessMetric('mailBounced', { statistic: 'Sum', period: Duration.hours(1) }),
      MAIL_BOUNCES_THRESHOLD,
    ),
    alarm('MailComplaints', 'A recipient marked one of our messages as spam', businessMetric('mailComplaints', { statistic: 'Sum', period: Duration.hours(1) }), 1),
    alarm(
      'MpesaQueryFailures',
      `Daraja's STK status query failed at least ${MPESA_QUERY_FAILURES_THRESHOLD} times in 15 minutes`,
      businessMetric('mpesaQueryFailures', { statistic: 'Sum', period: quarter }),
      MPESA_QUERY_FAILURES_THRESHOLD,
    ),
    alarm(
      'PendingOrdersBacklog',
      `Orders still pending ${PENDING_BACKLOG_MINUTES} minutes after they were made, in two reconciliation runs in a row`,
      businessMetric('pendingOrdersBacklog', { statistic: 'Maximum', period: five }),
      1,
      2,
    ),
    new Alarm(scope, 'FailedPaymentsShare', {
      alarmName: 'kesho-failed-payments-share',
      alarmDescription: `More than ${FAILED_PAYMENTS_PERCENT} % of the payments of the last hour failed (card and M-Pesa, at least ${FAILED_PAYMENTS_MIN_OUTCOMES} payments; see infra/RUNBOOK.md, Alarms).`,
      metric: failedPaymentsShare(Duration.hours(1)),
      threshold: FAILED_PAYMENTS_PERCENT,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    }),
  ];
  return { all, heldForReview };
}

export interface PaymentsAlarmsProps {
  readonly functions: Readonly<Record<string, IFunction>>;
  readonly fulfilmentFailures: IQueue;
  /** SES events mail-events could not record (lib/payments/mail-events.ts). */
  readonly mailEventFailures: IQueue;
  readonly api: HttpApi;
  readonly apiAccessLogs: ILogGroup;
  readonly ordersTable: ITable;
  /** The table's indexes, whose throttles count too. */
  readonly ordersTableIndexes: readonly string[];
}

/** In the payments stack: every function's errors and throttles, the API's 5xx, 429 and 403 rate, fulfilment failures, SES's reputation, the orders table's throttles, and the dashboard. */
export class PaymentsAlarms extends Construct {
  readonly alarms: readonly Alarm[];
  readonly dashboard: Dashboard;

  constructor(scope: Construct, id: string, props: PaymentsAlarmsProps) {
    super(scope, id);
    const topic = alarmTopic(this, 'AlarmTopic');
    const period = Duration.minutes(5);

    // HTTP APIs publish 4xx as one metric; a 429 (stage throttling) and a 403 are counted from the
    // access log, one JSON object per request with a numeric `status` (lib/payments/api-access-log.ts).
    const responsesWithStatus = (id: string, metricName: string, status: number) =>
      new MetricFilter(this, id, {
        logGroup: props.apiAccessLogs,
        metricNamespace: API_METRICS_NAMESPACE,
        metricName,
        filterPattern: FilterPattern.numberValue('$.status', '=', status),
        metricValue: '1',
        defaultValue: 0,
      }).metric({ period, statistic: 'Sum' });
    const throttledMetric = responsesWithStatus('Api429Filter', 'Throttled', 429);
    const forbiddenMetric = responsesWithStatus('Api403Filter', 'Forbidden', 403);
    const serverErrors = props.api.metricServerError({ period, statistic: 'Sum' });
    const forbiddenRate = new MathExpression({
      expression: `IF(requests >= ${API_FORBIDDEN_MIN_REQUESTS}, 100 * forbidden / requests, 0)`,
      usingMetrics: { forbidden: forbiddenMetric, requests: props.api.metricCount({ period, statistic: 'Sum' }) },
      label: 'API 403 rate (%)',
      period,
    });

    const fulfilment = queueDepthAlarm(this, 'FulfilmentFailures', props.fulfilmentFailures, 'fulfil-order');
    const mailEventFailures = countAlarm(
      this,
      'MailEventFailures',
      props.mailEventFailures.metricApproximateNumberOfMessagesVisible({ period, statistic: 'Maximum' }),
      "SES's events of at least one message could not be recorded (EventBridge could not deliver them, or mail-events failed after its retries); they wait in MailEventFailures",
      1,
      { alarmName: 'kesho-mail-event-failures' },
    );
    const api5xx = countAlarm(this, 'Api5xx', serverErrors, 'The payments API answered 5xx at least 3 times in 5 minutes', 3);
    const api429 = countAlarm(this, 'Api429', throttledMetric, 'The payments API throttled at least 20 requests in 5 minutes', 20);
    const api403 = new Alarm(this, 'Api403', {
      alarmDescription: `More than ${API_FORBIDDEN_PERCENT} % of the payments API's requests were refused with 403 in 5 minutes (at least ${API_FORBIDDEN_MIN_REQUESTS} requests): is the distribution sending an origin-verify value the authorizer no longer admits? (see infra/RUNBOOK.md, Alarms).`,
      metric: forbiddenRate,
      threshold: API_FORBIDDEN_PERCENT,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    const perFunction = Object.entries(props.functions).flatMap(([name, fn]) => functionAlarms(this, name, fn));
    const clientErrors = CLIENT_APPS.flatMap((app) => [clientErrorAlarm(this, app), webVitalAlarm(this, app, 'LCP'), webVitalAlarm(this, app, 'INP'), clientEventsHeartbeat(this, app)]);
    const mail = mailReputationAlarms(this);
    const tableThrottles = tableThrottleAlarm(this, props.ordersTable, props.ordersTableIndexes);
    const business = businessAlarms(this);
    this.alarms = [fulfilment, mailEventFailures, api5xx, api429, api403, ...mail, tableThrottles, ...business.all, ...perFunction, ...clientErrors].map((alarm) => notify(alarm, topic));

    this.dashboard = new Dashboard(this, 'Dashboard', {
      dashboardName: 'kesho',
      defaultInterval: Duration.days(1),
    });
    const errorsOfAll = Object.entries(props.functions).map(([name, fn]) => fn.metricErrors({ period, statistic: 'Sum', label: name }));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'API requests and errors',
        left: [props.api.metricCount({ period, statistic: 'Sum' }), props.api.metricClientError({ period, statistic: 'Sum' }), serverErrors],
        right: [throttledMetric, forbiddenMetric],
        width: 12,
      }),
      new GraphWidget({ title: 'Lambda errors', left: errorsOfAll, width: 12 }),
      new AlarmWidget({ title: 'Failed fulfilments waiting', alarm: fulfilment, width: 12 }),
      new GraphWidget({
        title: 'Lambda throttles (all functions)',
        left: [
          new MathExpression({
            expression: Object.keys(props.functions)
              .map((_name, index) => `t${index}`)
              .join('+'),
            usingMetrics: Object.fromEntries(Object.values(props.functions).map((fn, index) => [`t${index}`, fn.metricThrottles({ period, statistic: 'Sum' })])),
            label: 'throttles',
            period,
          }),
        ],
        width: 12,
      }),
    );
    // The business beside the technical: orders by method, receipts and mail, the reconciliation, the forms.
    const byMethod = (metric: BusinessMetric) => PAYMENT_METHODS.map((method) => dashboardMetric(metric, 'Sum', period, method));
    const sums = (...metrics: BusinessMetric[]) => metrics.map((metric) => dashboardMetric(metric, 'Sum', period));
    const levels = (...metrics: BusinessMetric[]) => metrics.map((metric) => dashboardMetric(metric, 'Maximum', period));
    this.dashboard.addWidgets(
      new GraphWidget({
        title: 'Orders started, paid, failed and expired (card, M-Pesa)',
        left: [...byMethod('ordersStarted'), ...byMethod('ordersPaid')],
        right: [...byMethod('ordersFailed'), ...byMethod('ordersExpired')],
        width: 12,
      }),
      new GraphWidget({
        title: 'Failed payments (%) and orders needing review',
        left: [failedPaymentsShare(Duration.hours(1))],
        right: [...sums('ordersNeedingReview'), ...levels('ordersHeldForReview')],
        width: 12,
      }),
      new GraphWidget({ title: 'Receipts and mail', left: sums('receiptsSent', 'receiptsFailed', 'mailSendFailures'), right: levels('receiptsOverdue'), width: 12 }),
      new GraphWidget({ title: 'What became of the mail (SES events)', left: sums('mailDelivered'), right: sums('mailBounced', 'mailComplaints', 'mailRejected'), width: 12 }),
      new GraphWidget({
        title: 'Reconciliation and M-Pesa status queries',
        left: sums('reconcileSettled', 'reconcileLeft', 'mpesaQueryFailures'),
        right: levels('pendingOrdersBacklog'),
        width: 12,
      }),
      new GraphWidget({ title: 'Enquiries and newsletter sign-ups', left: sums('enquiriesAccepted', 'signUpsAccepted'), right: sums('enquiriesRefused', 'signUpsRefused'), width: 12 }),
      new AlarmWidget({ title: 'Orders held for review', alarm: business.heldForReview, width: 12 }),
    );
    // What visitors' browsers saw, one row per app: traffic and errors beside the Web Vitals' p75.
    for (const app of CLIENT_APPS) {
      this.dashboard.addWidgets(
        new GraphWidget({
          title: `${app}: page views and browser errors`,
          left: [clientMetric(app, 'PageViews', 'Sum', period), clientMetric(app, 'Errors', 'Sum', period)],
          right: [clientErrorRate(app, period)],
          width: 12,
        }),
        new GraphWidget({
          title: `${app}: Web Vitals p75`,
          left: [clientMetric(app, 'LCP', 'p75', period), clientMetric(app, 'INP', 'p75', period), clientMetric(app, 'TTFB', 'p75', period)],
          right: [clientMetric(app, 'CLS', 'p75', period)],
          width: 12,
        }),
      );
    }
  }
}

export interface SiteAlarmsProps {
  readonly publisher: IFunction;
  readonly publishFailures: IQueue;
  /** The scheduled canary check: its alias (its own runs' metrics) and its failure queue (lib/canary-check.ts). */
  readonly canaryCheck: { readonly alias: IFunction; readonly failures: IQueue };
  /** The pages' failover origin: its errors reach visitors as 5xx for unknown paths. */
  readonly notFoundPage: IFunction;
}

/** In the site stack: the release publisher's errors, throttles and failed publications; the canary check's failures and heartbeat; the not-found function's errors and throttles. */
export class SiteAlarms extends Construct {
  readonly alarms: readonly Alarm[];

  constructor(scope: Construct, id: string, props: SiteAlarmsProps) {
    super(scope, id);
    const topic = alarmTopic(this, 'AlarmTopic');
    const checkPeriod = Duration.minutes(5);
    this.alarms = [
      queueDepthAlarm(this, 'PublishFailures', props.publishFailures, 'A release did not publish: the release publisher'),
      countAlarm(
        this,
        'CanaryCheckFailures',
        props.canaryCheck.failures.metricApproximateNumberOfMessagesVisible({ period: checkPeriod, statistic: 'Maximum' }),
        'The scheduled canary check failed at least once: a running canary is not being judged',
        1,
        { alarmName: 'kesho-canary-check-failures' },
      ),
      // Every minute, whether a canary runs or not: five missed runs in a row.
      heartbeatAlarm(
        this,
        'CanaryCheckSilent',
        'kesho-canary-check-silent',
        props.canaryCheck.alias.metricInvocations({ period: checkPeriod, statistic: 'Sum' }),
        'The scheduled canary check did not run in 5 minutes (it runs every minute): a failing canary would not be aborted',
      ),
      ...functionAlarms(this, 'release-publisher', props.publisher),
      ...functionAlarms(this, 'not-found-page', props.notFoundPage),
    ].map((alarm) => notify(alarm, topic));
  }
}
