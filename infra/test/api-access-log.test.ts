/**
 * The API's access log (JSON of the HTTP API's own variables), the 403/429 metric filters read from
 * it, and the saved Logs Insights queries (order story, 403s, 429s).
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { API_FORBIDDEN_QUERY, API_FORBIDDEN_QUERY_NAME, API_THROTTLED_QUERY_NAME, ORDER_STORY_PLACEHOLDER, ORDER_STORY_QUERY_NAME, orderStoryQuery } from '@kesho/operations/log-queries';
import { API_ACCESS_LOG_FIELDS, REST_ONLY_VARIABLES } from '../lib/payments/api-access-log';
import { buildTestApp } from './support/test-app';

const { stacks } = buildTestApp();
const payments = Template.fromStack(stacks.payments);

function stageFormat(): string {
  const stages = Object.values(payments.findResources('AWS::ApiGatewayV2::Stage')) as Array<{ Properties: { AccessLogSettings: { Format: string } } }>;
  expect(stages).toHaveLength(1);
  return stages[0]?.Properties.AccessLogSettings.Format ?? '';
}

/** What API Gateway writes for a request: each variable replaced by its value, `-` where it has none. */
function render(format: string, values: Record<string, string>): string {
  return format.replace(/\$context\.[A-Za-z.]+/g, (variable) => values[variable] ?? '-');
}

/** CloudWatch's JSON metric filter `{ $.field = number }` on one line. */
function matches(pattern: string, line: string): boolean {
  const parsed = /^\{\s*\$\.(\w+)\s*=\s*(\d+)\s*\}$/.exec(pattern);
  if (!parsed) throw new Error(`not a numeric JSON pattern: ${pattern}`);
  return (JSON.parse(line) as Record<string, unknown>)[parsed[1] as string] === Number(parsed[2]);
}

describe('the API access log', () => {
  test("is one JSON object per request, of the HTTP API's own variables (none of the REST-only ones CLF names)", () => {
    const format = stageFormat();
    for (const variable of REST_ONLY_VARIABLES) expect(format).not.toContain(variable);
    const variables = Object.values(API_ACCESS_LOG_FIELDS).map((field) => field.variable);
    for (const wanted of [
      '$context.routeKey',
      '$context.status',
      '$context.responseLatency',
      '$context.integration.status',
      '$context.integration.latency',
      '$context.integration.requestId',
      '$context.authorizer.error',
      '$context.authorizer.viewerAddress',
    ])
      expect(variables).toContain(wanted);
    // A request the authorizer refused: no integration, empty variables written as "-": still valid JSON.
    const refused = JSON.parse(render(format, { '$context.requestId': 'abc', '$context.status': '403', '$context.responseLatency': '12', '$context.authorizer.error': 'Forbidden' }));
    expect(refused).toMatchObject({ requestId: 'abc', status: 403, latency: 12, integrationStatus: '-', authorizerError: 'Forbidden', viewerAddress: '-' });
    const served = JSON.parse(
      render(format, {
        '$context.requestId': 'def',
        '$context.routeKey': 'POST /api/create-payment',
        '$context.status': '201',
        '$context.responseLatency': '85',
        '$context.integration.status': '201',
        '$context.integration.latency': '80',
        '$context.integration.requestId': '2f1c-…',
        '$context.authorizer.viewerAddress': '197.232.61.10',
      }),
    );
    expect(served).toMatchObject({ routeKey: 'POST /api/create-payment', status: 201, integrationStatus: '201', integrationLatency: '80', viewerAddress: '197.232.61.10' });
  });

  test('the 403 and 429 metric filters match the JSON status of those lines and no other', () => {
    const filters = Object.values(payments.findResources('AWS::Logs::MetricFilter')) as Array<{
      Properties: { FilterPattern: string; MetricTransformations: Array<{ MetricName: string }> };
    }>;
    const patternOf = (metricName: string) => filters.find((filter) => filter.Properties.MetricTransformations[0]?.MetricName === metricName)?.Properties.FilterPattern ?? '';
    const format = stageFormat();
    const line = (status: string) => render(format, { '$context.status': status, '$context.responseLatency': '3' });
    expect(matches(patternOf('Forbidden'), line('403'))).toBe(true);
    expect(matches(patternOf('Forbidden'), line('401'))).toBe(false);
    expect(matches(patternOf('Throttled'), line('429'))).toBe(true);
    expect(matches(patternOf('Throttled'), line('403'))).toBe(false);
  });

  test('the order story and the 403/429 queries are saved Logs Insights queries over the right log groups', () => {
    const functionLogGroups = Object.values(payments.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') } })) as Array<{
      Properties: { LoggingConfig: { LogGroup: { Ref: string } } };
    }>;
    expect(functionLogGroups).toHaveLength(11);
    payments.hasResourceProperties('AWS::Logs::QueryDefinition', {
      Name: ORDER_STORY_QUERY_NAME,
      QueryString: orderStoryQuery(ORDER_STORY_PLACEHOLDER),
      LogGroupNames: Match.arrayWith(functionLogGroups.map((fn) => ({ Ref: fn.Properties.LoggingConfig.LogGroup.Ref }))),
    });
    payments.hasResourceProperties('AWS::Logs::QueryDefinition', {
      Name: API_FORBIDDEN_QUERY_NAME,
      QueryString: API_FORBIDDEN_QUERY,
      LogGroupNames: [{ Ref: Match.stringLikeRegexp('^ApiAccessLogs') }],
    });
    payments.hasResourceProperties('AWS::Logs::QueryDefinition', { Name: API_THROTTLED_QUERY_NAME, LogGroupNames: [{ Ref: Match.stringLikeRegexp('^ApiAccessLogs') }] });
  });

  test('the order story query finds an order by invoice number or correlation id, quoting what it is given', () => {
    expect(orderStoryQuery('INV-12345678', 'c0ffee')).toContain('| filter invoiceNumber = "INV-12345678" or correlationId = "c0ffee"');
    expect(orderStoryQuery('INV-12345678')).toContain('| filter invoiceNumber = "INV-12345678"\n');
    expect(orderStoryQuery('INV-1"2')).toContain('invoiceNumber = "INV-1\\"2"');
  });
});
