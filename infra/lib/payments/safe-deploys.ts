/**
 * Safe deploys of the payment path (@kesho/operations/pre-traffic-probes' SAFE_DEPLOY_HANDLERS): each of
 * these functions is published as a new version on every change and served through its alias `live`,
 * which the HTTP API integrates. A CodeDeploy deployment moves the alias: first the pre-traffic check
 * (functions/pre-traffic-check/) sends the new version its probe, then 10 % of the requests go to the
 * new version for 5 minutes, then all of them. If the check fails, or the new version's errors or
 * latency alarm goes off during the deployment, CodeDeploy puts the alias back on the old version by
 * itself, and CloudFormation rolls the stack back.
 *
 * The alarms watch the version being deployed (Lambda's ExecutedVersion dimension of invocations
 * through the alias), not the function as a whole: a failing old version neither stops the deployment
 * of its fix nor is blamed on the new one. The alias waits for its alarms and the check, so both
 * already name the new version when CodeDeploy starts polling.
 *
 * A construct of its own: its resources are new (versions, aliases, the CodeDeploy application and
 * groups, the check, the alarms), and the functions keep their logical ids.
 */
import { Duration } from 'aws-cdk-lib';
import { Alarm, ComparisonOperator, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { LambdaApplication, LambdaDeploymentConfig, LambdaDeploymentGroup, type ILambdaDeploymentConfig } from 'aws-cdk-lib/aws-codedeploy';
import { PolicyStatement } from 'aws-cdk-lib/aws-iam';
import { Alias, type Version } from 'aws-cdk-lib/aws-lambda';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { Construct } from 'constructs';
import { FUNCTIONS } from '@kesho/operations/functions';
import { SAFE_DEPLOY_HANDLERS, type SafeDeployHandler } from '@kesho/operations/pre-traffic-probes';
import { alarmTopic, notify } from '../alarms';
import { infraFunction } from '../lambda-bundling';
import { acknowledge, arnToken, BASIC_EXECUTION_REASON, LAMBDA_BASIC_EXECUTION_ROLE, SERVERLESS_RULES, WILDCARD_RESOURCE, XRAY_REASON } from '../nag';
import { toPascalCase, type PaymentHandlerName } from './payment-functions';

export const LIVE_ALIAS_NAME = 'live';
export const CODEDEPLOY_APPLICATION_NAME = 'kesho-payments';
/** 10 % of the requests for 5 minutes, then all of them. */
export const SAFE_DEPLOY_CONFIG: ILambdaDeploymentConfig = LambdaDeploymentConfig.CANARY_10PERCENT_5MINUTES;
export const deploymentGroupName = (handler: SafeDeployHandler): string => `kesho-${handler}`;
export const liveAlarmName = (handler: SafeDeployHandler, kind: 'errors' | 'latency'): string => `kesho-live-${handler}-${kind}`;

/**
 * The p99 duration over which a version is rolled back, per function: its entry's
 * `aws.safeDeploy.latencyP99Ms` in @kesho/operations/functions (several times what it takes when healthy,
 * well under its timeout).
 */
export const LIVE_LATENCY_P99_MS: Readonly<Record<SafeDeployHandler, number>> = Object.fromEntries(
  SAFE_DEPLOY_HANDLERS.map((handler) => [handler, FUNCTIONS[handler].aws.safeDeploy.latencyP99Ms]),
) as Record<SafeDeployHandler, number>;

export interface SafeDeploysProps {
  readonly functions: Readonly<Record<PaymentHandlerName, NodejsFunction>>;
  /** The Daraja settings are deployed (the M-Pesa probes' expected answers depend on it). */
  readonly mpesa: boolean;
}

export class SafeDeploys extends Construct {
  /** What the API integrates for the payment path. */
  readonly aliases: Readonly<Record<SafeDeployHandler, Alias>>;
  readonly versions: Readonly<Record<SafeDeployHandler, Version>>;
  readonly deploymentGroups: Readonly<Record<SafeDeployHandler, LambdaDeploymentGroup>>;
  /** Each function's errors and latency alarm on its deploying version; they roll it back and notify kesho-alarms. */
  readonly alarms: readonly Alarm[];
  readonly preTrafficCheck: NodejsFunction;

  constructor(scope: Construct, id: string, props: SafeDeploysProps) {
    super(scope, id);
    const application = new LambdaApplication(this, 'Application', { applicationName: CODEDEPLOY_APPLICATION_NAME });
    const topic = alarmTopic(this, 'AlarmTopic');
    const versions = Object.fromEntries(SAFE_DEPLOY_HANDLERS.map((handler) => [handler, props.functions[handler].currentVersion])) as Record<SafeDeployHandler, Version>;

    this.preTrafficCheck = infraFunction(this, 'PreTrafficCheck', {
      description: 'Kesho: sends each new payment-path version its probe before it takes traffic',
      directory: 'pre-traffic-check',
      memorySize: 256,
      // The probed version may start cold (a second or two) and read its secrets.
      timeout: Duration.seconds(60),
      logGroupId: 'PreTrafficCheckLogs',
      environment: {
        PRE_TRAFFIC_TARGETS: JSON.stringify(Object.fromEntries(SAFE_DEPLOY_HANDLERS.map((handler) => [deploymentGroupName(handler), { handler, version: versions[handler].functionArn }]))),
        MPESA_ON: String(props.mpesa),
      },
      externalModules: ['@aws-sdk/client-codedeploy', '@aws-sdk/client-lambda'],
    });

    const aliases = {} as Record<SafeDeployHandler, Alias>;
    const groups = {} as Record<SafeDeployHandler, LambdaDeploymentGroup>;
    const alarms: Alarm[] = [];
    for (const handler of SAFE_DEPLOY_HANDLERS) {
      const fn = props.functions[handler];
      const version = versions[handler];
      const pascal = toPascalCase(handler);
      const alias = new Alias(this, `${pascal}Live`, { aliasName: LIVE_ALIAS_NAME, version, description: `What the API serves for ${handler}; moved by CodeDeploy` });
      // Invocations through the alias, of the version being deployed only.
      const ofVersion = (metricName: string, statistic: string) =>
        new Metric({
          namespace: 'AWS/Lambda',
          metricName,
          dimensionsMap: { FunctionName: fn.functionName, Resource: `${fn.functionName}:${LIVE_ALIAS_NAME}`, ExecutedVersion: version.version },
          statistic,
          period: Duration.minutes(1),
        });
      const errors = new Alarm(this, `${pascal}LiveErrors`, {
        alarmName: liveAlarmName(handler, 'errors'),
        alarmDescription: `The live (or deploying) version of ${handler} threw or timed out: a deployment in progress rolls back (see infra/RUNBOOK.md, Alarms).`,
        metric: ofVersion('Errors', 'Sum'),
        threshold: 1,
        evaluationPeriods: 1,
        comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      const latency = new Alarm(this, `${pascal}LiveLatency`, {
        alarmName: liveAlarmName(handler, 'latency'),
        alarmDescription: `The live (or deploying) version of ${handler} took over ${LIVE_LATENCY_P99_MS[handler]} ms at p99 in two of three minutes: a deployment in progress rolls back (see infra/RUNBOOK.md, Alarms).`,
        metric: ofVersion('Duration', 'p99'),
        threshold: LIVE_LATENCY_P99_MS[handler],
        evaluationPeriods: 3,
        datapointsToAlarm: 2,
        comparisonOperator: ComparisonOperator.GREATER_THAN_THRESHOLD,
        treatMissingData: TreatMissingData.NOT_BREACHING,
      });
      for (const alarm of [errors, latency]) {
        notify(alarm, topic);
        alarms.push(alarm);
      }
      const group = new LambdaDeploymentGroup(this, `${pascal}Deploys`, {
        application,
        alias,
        deploymentGroupName: deploymentGroupName(handler),
        deploymentConfig: SAFE_DEPLOY_CONFIG,
        alarms: [errors, latency],
        preHook: this.preTrafficCheck,
        autoRollback: { failedDeployment: true, stoppedDeployment: true, deploymentInAlarm: true },
      });
      // The check may invoke the new version (and no other) and ask CodeDeploy which group a deployment is of.
      version.grantInvoke(this.preTrafficCheck);
      this.preTrafficCheck.addToRolePolicy(new PolicyStatement({ actions: ['codedeploy:GetDeployment'], resources: [group.deploymentGroupArn] }));
      // CodeDeploy starts polling when the alias changes: by then the alarms and the check name the new version.
      alias.node.addDependency(errors, latency, this.preTrafficCheck);
      aliases[handler] = alias;
      groups[handler] = group;
    }
    this.aliases = aliases;
    this.versions = versions;
    this.deploymentGroups = groups;
    this.alarms = alarms;

    acknowledge(
      this.preTrafficCheck,
      { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON },
      { id: WILDCARD_RESOURCE, reason: XRAY_REASON },
      {
        id: SERVERLESS_RULES.lambdaDlq,
        reason:
          "CodeDeploy's pre-traffic hook: a check that fails or never reports its status fails the deployment, which rolls back; a failed hook event has nothing to replay once its deployment has ended.",
      },
    );
    for (const group of Object.values(groups)) {
      acknowledge(group, {
        id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSCodeDeployRoleForLambdaLimited]',
        reason:
          "CodeDeploy's own role for a Lambda deployment group: the managed policy AWS documents for it (update the alias, read its alarms, invoke hooks named CodeDeployHook_*); the check it runs is granted by name.",
      });
      acknowledge(group, {
        id: `AwsSolutions-IAM5[Resource::${arnToken(this.preTrafficCheck)}:*]`,
        reason: 'grantInvoke covers the pre-traffic check and its versions ("<arn>:*"); CodeDeploy\'s role can invoke nothing else of this app.',
      });
    }
  }
}
