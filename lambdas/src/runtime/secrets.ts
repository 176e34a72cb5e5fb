/**
 * A function's secrets either come straight from the environment (local use, tests) or from Secrets
 * Manager by ARN (AWS). Only the secrets the function reads (@kesho/common/function-secrets) are in
 * its configuration; they are fetched once per cold start and kept in memory only.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '../config/secrets';

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

export async function resolveSecret(source: SecretSource, reader: SecretReader): Promise<string> {
  return source.kind === 'value' ? source.value : reader.read(source.arn);
}

export async function resolveOptionalSecret(source: SecretSource | undefined, reader: SecretReader): Promise<string | undefined> {
  return source === undefined ? undefined : resolveSecret(source, reader);
}
