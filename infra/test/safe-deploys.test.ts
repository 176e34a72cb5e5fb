/**
 * Safe deploys of the payment path: each function published as a version behind its alias `live`,
 * which the API integrates; a CodeDeploy group per function that moves the alias with a 10 % canary
 * for 5 minutes, rolls back on the new version's errors and latency alarms, and runs the pre-traffic
 * check first; the check's rights and settings.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { PRE_TRAFFIC_PROBES, SAFE_DEPLOY_HANDLERS } from '@kesho/operations/pre-traffic-probes';
import { readCheckSettings } from '../functions/pre-traffic-check/check';
import { CODEDEPLOY_APPLICATION_NAME, deploymentGroupName, LIVE_ALIAS_NAME, LIVE_LATENCY_P99_MS, liveAlarmName } from '../lib/payments/safe-deploys';
import { buildTestApp } from './support/test-app';

type Resources = Record<string, { Type: string; Properties: Record<string, unknown>; DependsOn?: string[]; UpdatePolicy?: Record<string, unknown> }>;

const { stacks } = buildTestApp();
const payments = Template.fromStack(stacks.payments);
const resources = payments.toJSON().Resources as Resources;
const idsOf = (type: string) => Object.keys(resources).filter((id) => resources[id]?.Type === type);
const functionIdOf = (handler: string) => {
  const [id] = Object.keys(payments.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${handler}` } }));
  if (!id) throw new Error(`no function ${handler}`);
  return id;
};
/** `CreatePaymentCurrentVersion…`: the function's version, a new logical id (a new version) for every change of its code or configuration. */
const versionPrefixOf = (handler: string) => `${functionIdOf(handler).replace(/[0-9A-F]{8}$/, '')}CurrentVersion`;
const aliasIdOf = (handler: string) => {
  const id = idsOf('AWS::Lambda::Alias').find((alias) => JSON.stringify(resources[alias]?.Properties.FunctionName) === JSON.stringify({ Ref: functionIdOf(handler) }));
  if (!id) throw new Error(`no alias of ${handler}`);
  return id;
};

describe('safe deploys of the payment path', () => {
  test('the payment path is create-payment, checkout-session, stripe-webhook, mpesa-payment and mpesa-callback, each with a probe', () => {
    expect([...SAFE_DEPLOY_HANDLERS].sort()).toEqual(['checkout-session', 'create-payment', 'mpesa-callback', 'mpesa-payment', 'stripe-webhook']);
    for (const handler of SAFE_DEPLOY_HANDLERS) expect(PRE_TRAFFIC_PROBES[handler].expect.mpesaOn).toBeLessThan(500);
  });

  test.each(SAFE_DEPLOY_HANDLERS)('%s: a version of every change, the alias live on it, and the API integrating the alias', (handler) => {
    const fnId = functionIdOf(handler);
    const aliasId = aliasIdOf(handler);
    const alias = resources[aliasId];
    expect(alias?.Properties).toMatchObject({ Name: LIVE_ALIAS_NAME, FunctionVersion: { 'Fn::GetAtt': [expect.stringMatching(new RegExp(`^${versionPrefixOf(handler)}`)), 'Version'] } });
    // Deployed by CodeDeploy: the alias's update is the deployment, with the pre-traffic check first.
    expect(alias?.UpdatePolicy).toEqual({
      CodeDeployLambdaAliasUpdate: {
        ApplicationName: { Ref: expect.stringMatching(/^SafeDeploysApplication/) },
        DeploymentGroupName: { Ref: expect.stringMatching(/Deploys/) },
        BeforeAllowTrafficHook: { Ref: expect.stringMatching(/^SafeDeploysPreTrafficCheck[0-9A-F]{8}$/) },
      },
    });
    // The alias changes only once its alarms and the check name the new version.
    for (const dependency of [/LiveErrors/, /LiveLatency/, /^SafeDeploysPreTrafficCheck[0-9A-F]{8}$/]) expect(alias?.DependsOn?.some((id) => dependency.test(id))).toBe(true);
    const integrations = idsOf('AWS::ApiGatewayV2::Integration').filter((id) => JSON.stringify(resources[id]?.Properties.IntegrationUri) === JSON.stringify({ Ref: aliasId }));
    expect(integrations).toHaveLength(1);
    expect(idsOf('AWS::ApiGatewayV2::Integration').filter((id) => JSON.stringify(resources[id]?.Properties.IntegrationUri).includes(`"${fnId}"`))).toEqual([]);
    // API Gateway may invoke the alias (and so only what the alias serves).
    payments.hasResourceProperties('AWS::Lambda::Permission', { Action: 'lambda:InvokeFunction', FunctionName: { Ref: aliasId }, Principal: 'apigateway.amazonaws.com' });
  });

  test('the functions off the payment path keep their integration with the function itself', () => {
    for (const handler of ['enquiries', 'subscriptions', 'client-events']) {
      const fnId = functionIdOf(handler);
      expect(idsOf('AWS::ApiGatewayV2::Integration').some((id) => JSON.stringify(resources[id]?.Properties.IntegrationUri) === JSON.stringify({ 'Fn::GetAtt': [fnId, 'Arn'] }))).toBe(true);
    }
  });

  test('one CodeDeploy application, a group per function: a 10 % canary for 5 minutes, rolled back on failure, stop or alarm', () => {
    payments.resourceCountIs('AWS::CodeDeploy::Application', 1);
    payments.hasResourceProperties('AWS::CodeDeploy::Application', { ApplicationName: CODEDEPLOY_APPLICATION_NAME, ComputePlatform: 'Lambda' });
    payments.resourceCountIs('AWS::CodeDeploy::DeploymentGroup', SAFE_DEPLOY_HANDLERS.length);
    for (const handler of SAFE_DEPLOY_HANDLERS) {
      payments.hasResourceProperties('AWS::CodeDeploy::DeploymentGroup', {
        DeploymentGroupName: deploymentGroupName(handler),
        DeploymentConfigName: 'CodeDeployDefault.LambdaCanary10Percent5Minutes',
        DeploymentStyle: { DeploymentOption: 'WITH_TRAFFIC_CONTROL', DeploymentType: 'BLUE_GREEN' },
        AutoRollbackConfiguration: { Enabled: true, Events: Match.arrayWith(['DEPLOYMENT_FAILURE', 'DEPLOYMENT_STOP_ON_REQUEST', 'DEPLOYMENT_STOP_ON_ALARM']) },
        AlarmConfiguration: {
          Enabled: true,
          Alarms: [{ Name: { Ref: Match.stringLikeRegexp('LiveErrors') } }, { Name: { Ref: Match.stringLikeRegexp('LiveLatency') } }],
        },
      });
    }
  });

  test.each(SAFE_DEPLOY_HANDLERS)('%s: its errors and latency alarms watch the deploying version through the alias, roll back and notify', (handler) => {
    const fnId = functionIdOf(handler);
    const dimensions = [
      { Name: 'ExecutedVersion', Value: { 'Fn::GetAtt': [Match.stringLikeRegexp(`^${versionPrefixOf(handler)}`), 'Version'] } },
      { Name: 'FunctionName', Value: { Ref: fnId } },
      { Name: 'Resource', Value: { 'Fn::Join': ['', [{ Ref: fnId }, `:${LIVE_ALIAS_NAME}`]] } },
    ];
    const notify = [Match.stringLikeRegexp(':kesho-alarms$')];
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: liveAlarmName(handler, 'errors'),
      Namespace: 'AWS/Lambda',
      MetricName: 'Errors',
      Statistic: 'Sum',
      Period: 60,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      Dimensions: dimensions,
      AlarmActions: notify,
    });
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: liveAlarmName(handler, 'latency'),
      MetricName: 'Duration',
      ExtendedStatistic: 'p99',
      Period: 60,
      Threshold: LIVE_LATENCY_P99_MS[handler],
      EvaluationPeriods: 3,
      DatapointsToAlarm: 2,
      ComparisonOperator: 'GreaterThanThreshold',
      Dimensions: dimensions,
      AlarmActions: notify,
    });
    // Each group rolls back on its own function's alarms, not another's.
    const [group] = Object.values(payments.findResources('AWS::CodeDeploy::DeploymentGroup', { Properties: { DeploymentGroupName: deploymentGroupName(handler) } })) as Array<{
      Properties: { AlarmConfiguration: { Alarms: Array<{ Name: { Ref: string } }> } };
    }>;
    const watched = (group?.Properties.AlarmConfiguration.Alarms ?? []).map((alarm) => resources[alarm.Name.Ref]?.Properties.AlarmName);
    expect(watched.sort()).toEqual([liveAlarmName(handler, 'errors'), liveAlarmName(handler, 'latency')]);
    // A latency limit under the function's timeout.
    expect(LIVE_LATENCY_P99_MS[handler]).toBeLessThan(((resources[fnId]?.Properties.Timeout as number) ?? 0) * 1000);
  });

  test('the pre-traffic check knows each group, its handler and new version, and whether M-Pesa is on', () => {
    const [checkId] = Object.keys(payments.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('probe before it takes traffic') } }));
    const environment = (resources[checkId ?? '']?.Properties.Environment as { Variables: Record<string, unknown> }).Variables;
    expect(environment.MPESA_ON).toBe('false');
    // The targets as CloudFormation will write them: version ARNs stand in for their tokens.
    const targets = JSON.stringify(environment.PRE_TRAFFIC_TARGETS);
    for (const handler of SAFE_DEPLOY_HANDLERS) {
      expect(targets).toContain(`\\"${deploymentGroupName(handler)}\\":{\\"handler\\":\\"${handler}\\",\\"version\\":\\"`);
      expect(targets).toContain(`{"Ref":"${versionPrefixOf(handler)}`);
    }
    const withMpesa = buildTestApp({ context: { mpesaShortcode: '174379', darajaBaseUrl: 'https://sandbox.safaricom.co.ke', kesPerUsd: '129.00', kesRateDate: '2026-01-05' } });
    Template.fromStack(withMpesa.stacks.payments).hasResourceProperties('AWS::Lambda::Function', {
      Description: Match.stringLikeRegexp('probe before it takes traffic'),
      Environment: { Variables: Match.objectLike({ MPESA_ON: 'true' }) },
    });
    expect(readCheckSettings({ PRE_TRAFFIC_TARGETS: '{}', MPESA_ON: 'true' })).toEqual({ targets: {}, mpesaOn: true });
  });

  test('the check may invoke exactly the new versions, read and answer its deployments; CodeDeploy may invoke the check', () => {
    const [checkId] = Object.keys(payments.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('probe before it takes traffic') } }));
    const roleId = (resources[checkId ?? '']?.Properties.Role as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
    const statements = Object.values(resources)
      .filter((resource) => resource.Type === 'AWS::IAM::Policy' && JSON.stringify(resource.Properties.Roles) === JSON.stringify([{ Ref: roleId }]))
      .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement);
    const resourcesOf = (action: string) => statements.filter((statement) => [statement.Action].flat().includes(action)).flatMap((statement) => [statement.Resource].flat());
    expect(
      resourcesOf('lambda:InvokeFunction')
        .map((resource) => JSON.stringify(resource))
        .sort(),
    ).toEqual(SAFE_DEPLOY_HANDLERS.map((handler) => JSON.stringify({ Ref: Object.keys(resources).find((id) => id.startsWith(versionPrefixOf(handler))) })).sort());
    expect(resourcesOf('codedeploy:GetDeployment')).toHaveLength(SAFE_DEPLOY_HANDLERS.length);
    expect(resourcesOf('codedeploy:PutLifecycleEventHookExecutionStatus')).toHaveLength(SAFE_DEPLOY_HANDLERS.length);
    for (const resource of [...resourcesOf('codedeploy:GetDeployment'), ...resourcesOf('codedeploy:PutLifecycleEventHookExecutionStatus')]) {
      expect(JSON.stringify(resource)).toMatch(/:deploymentgroup:/);
    }
    expect(
      statements
        .flatMap((statement) => [statement.Action].flat())
        .filter((action) => !/^(lambda:InvokeFunction|codedeploy:GetDeployment|codedeploy:PutLifecycleEventHookExecutionStatus|xray:)/.test(action)),
    ).toEqual([]);
    // Each group's CodeDeploy role may invoke the check.
    for (const groupId of idsOf('AWS::CodeDeploy::DeploymentGroup')) {
      const groupRole = (resources[groupId]?.Properties.ServiceRoleArn as { 'Fn::GetAtt': [string, string] })['Fn::GetAtt'][0];
      const invokes = Object.values(resources)
        .filter((resource) => resource.Type === 'AWS::IAM::Policy' && JSON.stringify(resource.Properties.Roles) === JSON.stringify([{ Ref: groupRole }]))
        .flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Array<{ Action: string | string[]; Resource: unknown }> }).Statement)
        .filter((statement) => [statement.Action].flat().includes('lambda:InvokeFunction'));
      expect(JSON.stringify(invokes)).toContain(`"Fn::GetAtt":["${checkId}","Arn"]`);
    }
  });
});
