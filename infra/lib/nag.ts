/**
 * Helpers for acknowledging cdk-nag findings. cdk-nag 3 matches acknowledgements by exact finding id
 * (no wildcards), so ids that name a resource are built from the resource's logical id here rather
 * than typed by hand.
 */
import { Stack, Validations, type CfnElement } from 'aws-cdk-lib';
import type { IConstruct } from 'constructs';

export interface Acknowledgement {
  readonly id: string;
  readonly reason: string;
}

export const LAMBDA_BASIC_EXECUTION_ROLE = 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSLambdaBasicExecutionRole]';

export const WILDCARD_RESOURCE = 'AwsSolutions-IAM5[Resource::*]';

/**
 * The only actions any role of the app may be allowed on Resource "*", each with why. cdk-nag's
 * finding id names the resource, not the action, so its acknowledgement would cover any future
 * wildcard: test/wildcard-actions.test.ts holds every Allow on "*" of every stack to this list
 * instead, so a new one fails until it is added here with its reason.
 */
export const WILDCARD_RESOURCE_ACTIONS: Readonly<Record<string, string>> = {
  'xray:PutTraceSegments': 'X-Ray active tracing: the action supports no resource-level permission.',
  'xray:PutTelemetryRecords': 'X-Ray active tracing: the action supports no resource-level permission.',
  'cloudwatch:GetMetricData': "The release publisher's canary check reads Kesho/ClientEvents: GetMetricData supports no resource-level permission.",
};

/** Acknowledges findings on `scope` and everything below it. */
export function acknowledge(scope: IConstruct, ...acknowledgements: Acknowledgement[]): void {
  Validations.of(scope).acknowledge(...acknowledgements);
}

/** How cdk-nag writes a reference to a resource's ARN in a finding: "<LogicalId.Arn>". */
export function arnToken(construct: IConstruct): string {
  const resource = construct.node.defaultChild as CfnElement | undefined;
  if (!resource) throw new Error(`${construct.node.path} has no CloudFormation resource`);
  return `<${Stack.of(resource).getLogicalId(resource)}.Arn>`;
}

/**
 * cdk-nag's Serverless pack (turned on beside AWS Solutions, lib/kesho-app.ts). Its finding ids name
 * no resource, so each acknowledgement is given on the one construct it is about, with that
 * construct's reason (infra/REFERENCE.md lists them).
 */
export const SERVERLESS_RULES = {
  /** No dead-letter queue (DeadLetterConfig) on a function. */
  lambdaDlq: 'Serverless-LambdaDLQ',
  /** An asynchronous invocation config with no on-failure destination. */
  lambdaAsyncFailureDestination: 'Serverless-LambdaAsyncFailureDestination',
  /** X-Ray active tracing off. */
  lambdaTracing: 'Serverless-LambdaTracing',
  /** A runtime older than the newest of its family that aws-cdk-lib knows. */
  lambdaLatestVersion: 'Serverless-LambdaLatestVersion',
  /** An EventBridge rule target with no dead-letter queue. */
  eventBusDlq: 'Serverless-EventBusDLQ',
  /** An SNS subscription with no redrive policy. */
  snsRedrivePolicy: 'Serverless-SNSRedrivePolicy',
  /** An SQS queue with no redrive policy (no dead-letter queue behind it). */
  sqsRedrivePolicy: 'Serverless-SQSRedrivePolicy',
  /** An API stage's access log format that is not JSON as written. */
  apiStructuredLogging: 'Serverless-APIGWStructuredLogging',
} as const;

/** Serverless-LambdaDLQ on a function that is only ever invoked synchronously: a dead-letter queue only ever receives failed asynchronous invocations. */
export function synchronousOnlyReason(caller: string): string {
  return `Invoked synchronously only (${caller}): the caller gets the error, and a dead-letter queue only ever receives failed asynchronous invocations.`;
}

/** Serverless-LambdaDLQ on an asynchronously invoked function whose failures go to an on-failure destination instead. */
export function onFailureDestinationReason(queue: string): string {
  return `Failed asynchronous invocations go to its on-failure destination ${queue} (an SQS queue with an alarm), which keeps the event and the error; a dead-letter queue would receive the same events with less.`;
}

/** Serverless-SQSRedrivePolicy on a queue that is itself where failures end. */
export function failureQueueReason(of: string): string {
  return `This queue is itself the on-failure destination of ${of}: nothing consumes it to fail again, so a dead-letter queue behind it would only move the problem.`;
}

export const BASIC_EXECUTION_REASON = 'AWSLambdaBasicExecutionRole only lets the function create and write its own CloudWatch log streams.';
export const XRAY_REASON = 'Active tracing: xray:PutTraceSegments and xray:PutTelemetryRecords support no resource-level permissions, so CDK grants them on "*".';
