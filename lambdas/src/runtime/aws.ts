/**
 * The runtime of a deployed Lambda: configuration from its environment, limited to the secrets the
 * function reads (@kesho/common/function-secrets), SDK clients with their default endpoints and the
 * function's own credentials.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { secretsOf, type BackendFunction } from '@kesho/common/function-secrets';
import { loadConfig } from '../config';
import { createSqsFulfilmentFailures } from '../fulfilment/failures';
import { createLogger } from '../log';
import { composeRuntime, type Runtime } from './runtime';
import { createSecretsManagerReader } from './secrets';

export const DOCUMENT_CLIENT_OPTIONS = { marshallOptions: { removeUndefinedValues: true } } as const;

export interface AwsRuntimeOptions {
  /** The function's environment (default: process.env). */
  readonly env?: NodeJS.ProcessEnv;
  /** Replaces the Secrets Manager client (tests record which secrets a function fetches). */
  readonly secretsManager?: Pick<SecretsManagerClient, 'send'>;
}

export async function createAwsRuntime(fn: BackendFunction, options: AwsRuntimeOptions = {}): Promise<Runtime> {
  const config = loadConfig(options.env ?? process.env, { secrets: secretsOf(fn) });
  const logger = createLogger(config.logLevel);
  return composeRuntime(config, logger, {
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient({}), DOCUMENT_CLIENT_OPTIONS),
    lambda: new LambdaClient({}),
    secrets: createSecretsManagerReader(options.secretsManager ?? new SecretsManagerClient({})),
    // Only reconcile-orders is given the queue (and the right to read it).
    ...(config.fulfilmentFailureQueueUrl ? { fulfilmentFailures: createSqsFulfilmentFailures(new SQSClient({}), config.fulfilmentFailureQueueUrl) } : {}),
  });
}
