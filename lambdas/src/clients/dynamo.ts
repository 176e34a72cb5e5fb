/** The orders table's document client in a deployed function: DynamoDB with the function's own credentials (locally: src/local/ hands in dynalite's). */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { traced } from './tracing';

export const DOCUMENT_CLIENT_OPTIONS = { marshallOptions: { removeUndefinedValues: true } } as const;

/** DynamoDB with the function's own credentials, traced (clients/tracing.ts). */
export const awsDocumentClient = (): DynamoDBDocumentClient => DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), DOCUMENT_CLIENT_OPTIONS);
