/**
 * A function's secrets either come straight from the environment (local use, tests) or from Secrets
 * Manager by ARN (AWS). Only the secrets the function reads (@kesho/common/function-secrets) are in
 * its configuration; they are fetched once per cold start and kept in memory only. Only the parts
 * that resolve a secret import this module, so a function without secrets carries no Secrets Manager client.
 */
import { GetSecretValueCommand, SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '../config/secrets';
import { part } from './foundation';

export interface SecretReader {
  /** The secret's string value, trimmed; the secret must hold the bare value, not JSON. */
  read(arn: string): Promise<string>;
}

export function createSecretsManagerReader(client: Pick<SecretsManagerClient, 'send'>): SecretReader {
  return {
    async read(arn) {
      const result = await client.send(new GetSecretValueCommand({ SecretId: arn }));
      const value = result.SecretString?.trim();
      if (!value) throw new Error(`Secret ${arn} has no string value`);
      return value;
    },
  };
}

/** The function's reader: the one given, else Secrets Manager with the function's own credentials. */
export const secretReader = part(({ given }) => given.secrets ?? createSecretsManagerReader(new SecretsManagerClient({})));

export async function resolveSecret(source: SecretSource, reader: SecretReader): Promise<string> {
  return source.kind === 'value' ? source.value : reader.read(source.arn);
}

export async function resolveOptionalSecret(source: SecretSource | undefined, reader: SecretReader): Promise<string | undefined> {
  return source === undefined ? undefined : resolveSecret(source, reader);
}
