/**
 * Issue 41, item 8: the mail's configuration set, its events to EventBridge and the mail-events
 * function, the senders naming (and allowed to send through) the set, the failure queue, and the
 * bounce, complaint and failure alarms.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { BUSINESS_METRICS, BUSINESS_METRICS_NAMESPACE, MAIL_EVENT_DETAIL_TYPES } from '@kesho/operations/ops-events';
import { MAIL_BOUNCES_THRESHOLD } from '../lib/alarms';
import { MAIL_CONFIGURATION_SET_NAME } from '../lib/payments/mail-events';
import { MAIL_SENDERS } from '../lib/payments/mail-identity';
import { buildTestApp } from './support/test-app';

const { stacks } = buildTestApp();
const payments = Template.fromStack(stacks.payments);

type Resource = { Properties: Record<string, unknown> };
const functionId = (name: string): string => {
  const ids = Object.keys(payments.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${name}` } }));
  expect(ids).toHaveLength(1);
  return ids[0] as string;
};
const roleOf = (name: string): string => ((payments.toJSON().Resources[functionId(name)] as Resource).Properties.Role as { 'Fn::GetAtt': [string] })['Fn::GetAtt'][0];
const statementsOf = (roleId: string) =>
  Object.values(
    payments.findResources('AWS::IAM::Policy') as Record<string, { Properties: { Roles: unknown; PolicyDocument: { Statement: { Action: string | string[]; Resource: unknown }[] } } }>,
  )
    .filter((policy) => JSON.stringify(policy.Properties.Roles).includes(`"${roleId}"`))
    .flatMap((policy) => policy.Properties.PolicyDocument.Statement);
const setId = Object.keys(payments.findResources('AWS::SES::ConfigurationSet'))[0] ?? 'none';
/** A statement on the configuration set's ARN (…:configuration-set/<the set's Ref>). */
const mayUseSet = (name: string) =>
  statementsOf(roleOf(name)).some((statement) => {
    const resource = JSON.stringify(statement.Resource);
    return resource.includes(':configuration-set/') && resource.includes(`{"Ref":"${setId}"}`);
  });

describe('SES events of the mail', () => {
  test('a configuration set whose event destination sends delivery, bounce, complaint and reject events to the default bus', () => {
    payments.hasResourceProperties('AWS::SES::ConfigurationSet', { Name: MAIL_CONFIGURATION_SET_NAME });
    payments.hasResourceProperties('AWS::SES::ConfigurationSetEventDestination', {
      ConfigurationSetName: Match.anyValue(),
      EventDestination: {
        Enabled: true,
        MatchingEventTypes: Match.arrayEquals(['delivery', 'bounce', 'complaint', 'reject']),
        EventBridgeDestination: { EventBusArn: Match.stringLikeRegexp(':event-bus/default$') },
      },
    });
  });

  test('a rule hands exactly those events of that set to mail-events, with retries and a dead-letter queue', () => {
    const rules = payments.findResources('AWS::Events::Rule', { Properties: { EventPattern: { source: ['aws.ses'] } } }) as Record<string, Resource>;
    expect(Object.keys(rules)).toHaveLength(1);
    const rule = Object.values(rules)[0]?.Properties as { EventPattern: Record<string, unknown>; Targets: Record<string, unknown>[] };
    expect(rule.EventPattern).toEqual({
      source: ['aws.ses'],
      'detail-type': Object.values(MAIL_EVENT_DETAIL_TYPES),
      detail: { mail: { tags: { 'ses:configuration-set': [MAIL_CONFIGURATION_SET_NAME] } } },
    });
    expect(rule.Targets).toHaveLength(1);
    expect(rule.Targets[0]).toMatchObject({
      Arn: { 'Fn::GetAtt': [functionId('mail-events'), 'Arn'] },
      RetryPolicy: { MaximumRetryAttempts: 8, MaximumEventAgeInSeconds: 6 * 3600 },
      DeadLetterConfig: { Arn: { 'Fn::GetAtt': [expect.stringMatching(/^MailEventFailures/), 'Arn'] } },
    });
  });

  test("mail-events retries twice (an event that outran its sender) and then lands in the same queue; it may only read and update the table's items", () => {
    payments.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: functionId('mail-events') },
      MaximumRetryAttempts: 2,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [Match.stringLikeRegexp('^MailEventFailures'), 'Arn'] } } },
    });
    const dynamo = statementsOf(roleOf('mail-events')).flatMap((statement) => [statement.Action].flat().filter((action) => action.startsWith('dynamodb:')));
    expect([...new Set(dynamo)].sort()).toEqual(['dynamodb:GetItem', 'dynamodb:UpdateItem']);
    expect(statementsOf(roleOf('mail-events')).some((statement) => [statement.Action].flat().some((action) => action.startsWith('ses:')))).toBe(false);
  });

  test('every function names the set (SES_CONFIGURATION_SET); the senders, and only they, may send through it', () => {
    const functions = payments.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') } }) as Record<
      string,
      { Properties: { Description: string; Environment: { Variables: Record<string, unknown> } } }
    >;
    expect(Object.keys(functions)).toHaveLength(11);
    for (const fn of Object.values(functions)) expect(fn.Properties.Environment.Variables.SES_CONFIGURATION_SET).toBe(MAIL_CONFIGURATION_SET_NAME);
    for (const fn of Object.values(functions)) {
      const name = fn.Properties.Description.replace('Kesho payments: ', '');
      expect({ name, mayUseSet: mayUseSet(name) }).toEqual({ name, mayUseSet: (MAIL_SENDERS as readonly string[]).includes(name) });
    }
    const senderStatement = statementsOf(roleOf('enquiries')).find((statement) => JSON.stringify(statement.Resource).includes('configuration-set/'));
    expect([senderStatement?.Action].flat().sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
  });

  test('bounces (3 in an hour), complaints (any) and unrecorded events are alarmed', () => {
    const alarm = (name: string) => {
      const found = Object.values(payments.findResources('AWS::CloudWatch::Alarm', { Properties: { AlarmName: name } })) as Resource[];
      expect(found).toHaveLength(1);
      return found[0]?.Properties as Record<string, unknown>;
    };
    expect(alarm('kesho-mail-bounced')).toMatchObject({
      Namespace: BUSINESS_METRICS_NAMESPACE,
      MetricName: BUSINESS_METRICS.mailBounced.name,
      Period: 3600,
      Threshold: MAIL_BOUNCES_THRESHOLD,
    });
    expect(alarm('kesho-mail-complaints')).toMatchObject({ Namespace: BUSINESS_METRICS_NAMESPACE, MetricName: BUSINESS_METRICS.mailComplaints.name, Period: 3600, Threshold: 1 });
    expect(alarm('kesho-mail-event-failures')).toMatchObject({
      MetricName: 'ApproximateNumberOfMessagesVisible',
      Dimensions: [{ Name: 'QueueName', Value: { 'Fn::GetAtt': [expect.stringMatching(/^MailEventFailures/), 'QueueName'] } }],
      Threshold: 1,
    });
  });
});
