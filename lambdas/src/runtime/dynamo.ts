/** The orders table's document client: the one given (local dynalite, tests), else DynamoDB with the function's own credentials. */
import { DynamoDBClient } from '@aws-sdk/client-dynamodb';
import { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { part } from './foundation';
import { traced } from './tracing';

export const DOCUMENT_CLIENT_OPTIONS = { marshallOptions: { removeUndefinedValues: true } } as const;

/** DynamoDB with the function's own credentials, traced (runtime/tracing.ts). */
export const awsDocumentClient = (): DynamoDBDocumentClient => DynamoDBDocumentClient.from(traced(new DynamoDBClient({})), DOCUMENT_CLIENT_OPTIONS);

export const dynamoDocuments = part(({ given }) => given.dynamo ?? awsDocumentClient());
