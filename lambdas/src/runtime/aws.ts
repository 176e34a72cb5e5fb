/**
 * The runtime of a deployed Lambda: configuration from its environment, SDK clients with their
 * default endpoints and the function's own credentials.
 */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { LambdaClient } from '@aws-sdk/client-lambda';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import { SQSClient } from '@aws-sdk/client-sqs';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { loadConfig } from '../config';
import { createSqsFulfilmentFailures } from '../fulfilment/failures';
import { createLogger } from '../log';
import { composeRuntime, type Runtime } from './runtime';
import { createSecretsManagerReader } from './secrets';

export const DOCUMENT_CLIENT_OPTIONS = { marshallOptions: { removeUndefinedValues: true } } as const;

export async function createAwsRuntime(): Promise<Runtime> {
  const config = loadConfig();
  const logger = createLogger(config.logLevel);
  return composeRuntime(config, logger, {
    dynamo: DynamoDBDocumentClient.from(new DynamoDBClient({}), DOCUMENT_CLIENT_OPTIONS),
    lambda: new LambdaClient({}),
    secrets: createSecretsManagerReader(new SecretsManagerClient({})),
    // Only reconcile-orders is given the queue (and the right to read it).
    ...(config.fulfilmentFailureQueueUrl ? { fulfilmentFailures: createSqsFulfilmentFailures(new SQSClient({}), config.fulfilmentFailureQueueUrl) } : {}),
  });
}
