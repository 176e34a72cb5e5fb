/**
 * A function's secrets either come straight from the environment (local use, tests) or from Secrets
 * Manager by ARN (AWS), read through Powertools for AWS Lambda's Parameters (SecretsProvider: the
 * Secrets Manager client, a cache of SECRET_CACHE_SECONDS, forced fresh reads). Only the secrets the
 * function reads (@kesho/operations/functions) are in its configuration, and only the handlers that
 * build a secret's client import this module, so a function without secrets carries no Secrets Manager client.
 *
 * What is read is checked for the secret's shape (config/secretFormats.ts) before anything uses it: a
 * placeholder the stack created before ops put the real value is refused, so the build that needed it
 * fails and runs again at the next invocation (lambda.ts), which reads past the cache. A provider that
 * refuses a value in use (401: a rotated Stripe key or Daraja credential) makes its client read the
 * secret again (`reread`), so a rotation needs no cold start.
 */
import { SecretsProvider } from '@aws-lambda-powertools/parameters/secrets';
import { SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '../config/secrets';
import { secretFormatProblem, type SecretName } from '../config/secretFormats';
import { traced } from './tracing';

/** Clients built together (a function's Stripe key and Daraja credentials) share one read. */
export const SECRET_CACHE_SECONDS = 300;

export interface SecretReadOptions {
  /** Past the cache: the value in hand was refused (by its shape or by the provider). */
  readonly fresh?: boolean;
}

export interface SecretReader {
  /** The secret's string value, trimmed; the secret must hold the bare value, not JSON. */
  read(arn: string, options?: SecretReadOptions): Promise<string>;
}

/** A value read from Secrets Manager that does not have its secret's shape: it is never used. */
export class SecretFormatError extends Error {
  constructor(
    readonly secret: SecretName,
    problem: string,
  ) {
    super(`The value in Secrets Manager is refused: ${problem} (put the real value with aws secretsmanager put-secret-value)`);
    this.name = 'SecretFormatError';
  }
}

export function createSecretsManagerReader(client: SecretsManagerClient): SecretReader {
  const provider = new SecretsProvider({ awsSdkV3Client: client });
  return {
    async read(arn, { fresh = false } = {}) {
      const value = await provider.get(arn, { maxAge: SECRET_CACHE_SECONDS, forceFetch: fresh });
      const text = typeof value === 'string' ? value.trim() : '';
      if (!text) throw new Error(`Secret ${arn} has no string value`);
      return text;
    },
  };
}

/** Secrets Manager with the function's own credentials, traced (clients/tracing.ts). */
export const awsSecretReader = (): SecretReader => createSecretsManagerReader(traced(new SecretsManagerClient({})));

/**
 * The secret's value. From the environment: as given (its shape was checked with the configuration).
 * From Secrets Manager: checked now; a value of the wrong shape is read once more past the cache (ops
 * may have just put the real one) and refused if it is still wrong.
 */
export async function resolveSecret(name: SecretName, source: SecretSource, reader: SecretReader, options: SecretReadOptions = {}): Promise<string> {
  if (source.kind === 'value') return source.value;
  let value = await reader.read(source.arn, options);
  if (secretFormatProblem(name, value) !== null && !options.fresh) value = await reader.read(source.arn, { fresh: true });
  const problem = secretFormatProblem(name, value);
  if (problem) throw new SecretFormatError(name, problem);
  return value;
}

export async function resolveOptionalSecret(name: SecretName, source: SecretSource | undefined, reader: SecretReader): Promise<string | undefined> {
  return source === undefined ? undefined : resolveSecret(name, source, reader);
}

/** Reads the secret again past every cache: what a client calls after its provider refused the value it holds. */
export function rereadSecret(name: SecretName, source: SecretSource, reader: SecretReader): () => Promise<string> {
  return () => resolveSecret(name, source, reader, { fresh: true });
}
