/**
 * A real SecretsManagerClient (Powertools' SecretsProvider only takes an SDK client) whose `send`
 * answers GetSecretValue from a function instead of AWS, recording every ARN it was asked for.
 */
import { SecretsManagerClient, type GetSecretValueCommand } from '@aws-sdk/client-secrets-manager';

export function answeringSecretsManager(fetched: string[], valueOf: (arn: string) => string): SecretsManagerClient {
  const client = new SecretsManagerClient({ region: 'eu-west-1', credentials: { accessKeyId: 'test', secretAccessKey: 'test' } });
  client.send = (async (command: GetSecretValueCommand) => {
    const arn = command.input.SecretId ?? '';
    fetched.push(arn);
    return { SecretString: valueOf(arn) };
  }) as SecretsManagerClient['send'];
  return client;
}
