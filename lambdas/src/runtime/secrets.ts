/**
 * Stripe's secrets either come straight from the environment (local use, tests) or from Secrets
 * Manager by ARN (AWS). They are fetched once per cold start and kept in memory only.
 */
import { GetSecretValueCommand, type SecretsManagerClient } from '@aws-sdk/client-secrets-manager';
import type { SecretSource } from '../config';

export interface SecretReader {
  /** The secret's string value, trimmed; the secret must hold the bare value, not JSON. */
  read(arn: string): Promise<string>;
}

export function createSecretsManagerReader(client: SecretsManagerClient): SecretReader {
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
