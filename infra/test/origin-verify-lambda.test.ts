/**
 * The authorizer's Lambda entry (functions/origin-verify/index.js) against a stand-in Secrets Manager:
 * which stages it reads, what it makes of a secret never rotated (no AWSPREVIOUS version), and the
 * decision API Gateway gets. The runtime's AWS SDK is not a dependency of this repository.
 */
import { ORIGIN_VERIFY_HEADER } from '../functions/origin-verify/verify';

const mockSecrets = {
  versions: {} as Record<string, { SecretString: string; CreatedDate: Date } | undefined>,
  requests: [] as { SecretId: string; VersionStage: string }[],
};

jest.mock(
  '@aws-sdk/client-secrets-manager',
  () => {
    class GetSecretValueCommand {
      constructor(readonly input: { SecretId: string; VersionStage: string }) {}
    }
    class SecretsManagerClient {
      async send(command: GetSecretValueCommand): Promise<unknown> {
        mockSecrets.requests.push(command.input);
        if (command.input.SecretId !== 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:kesho/cloudfront/origin-verify-AbCdEf') {
          throw Object.assign(new Error('AccessDeniedException'), { name: 'AccessDeniedException' });
        }
        const version = mockSecrets.versions[command.input.VersionStage];
        if (!version)
          throw Object.assign(new Error(`Secrets Manager can't find the specified secret value for staging label: ${command.input.VersionStage}`), { name: 'ResourceNotFoundException' });
        return { ...version, VersionId: `${command.input.VersionStage}-id` };
      }
    }
    return { SecretsManagerClient, GetSecretValueCommand };
  },
  { virtual: true },
);

type Authorizer = (event: unknown) => Promise<{ isAuthorized: boolean }>;

const CURRENT = 'c'.repeat(48);
const PREVIOUS = 'p'.repeat(48);

function loadHandler(env: Record<string, string>): Authorizer {
  let handler: Authorizer | undefined;
  jest.isolateModules(() => {
    Object.assign(process.env, env);
    ({ handler } = require('../functions/origin-verify/index.js') as { handler: Authorizer });
  });
  if (!handler) throw new Error('no handler');
  return handler;
}

const ENV = {
  ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:kesho/cloudfront/origin-verify-AbCdEf',
  ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS: String(24 * 60 * 60),
};
const request = (value: string) => ({ headers: { [ORIGIN_VERIFY_HEADER]: value } });

beforeEach(() => {
  mockSecrets.versions = {};
  mockSecrets.requests = [];
});

describe('origin-verify Lambda', () => {
  test('a secret never rotated: reads AWSCURRENT, finds no AWSPREVIOUS, admits the current value only', async () => {
    mockSecrets.versions = { AWSCURRENT: { SecretString: CURRENT, CreatedDate: new Date() } };
    const handler = loadHandler(ENV);
    await expect(handler(request(CURRENT))).resolves.toMatchObject({ isAuthorized: true });
    await expect(handler(request(PREVIOUS))).resolves.toEqual({ isAuthorized: false });
    expect(mockSecrets.requests.map((input) => input.VersionStage)).toEqual(['AWSCURRENT', 'AWSPREVIOUS']);
  });

  test('just rotated: admits the current and the previous value', async () => {
    mockSecrets.versions = { AWSCURRENT: { SecretString: CURRENT, CreatedDate: new Date() }, AWSPREVIOUS: { SecretString: PREVIOUS, CreatedDate: new Date(Date.now() - 90 * 86_400_000) } };
    const handler = loadHandler(ENV);
    await expect(handler(request(PREVIOUS))).resolves.toMatchObject({ isAuthorized: true });
    await expect(handler(request(CURRENT))).resolves.toMatchObject({ isAuthorized: true });
    await expect(handler(request('x'.repeat(48)))).resolves.toEqual({ isAuthorized: false });
  });

  test('rotated longer ago than the window: the previous value is not even read', async () => {
    mockSecrets.versions = { AWSCURRENT: { SecretString: CURRENT, CreatedDate: new Date(Date.now() - 25 * 3_600_000) }, AWSPREVIOUS: { SecretString: PREVIOUS, CreatedDate: new Date(0) } };
    const handler = loadHandler(ENV);
    await expect(handler(request(PREVIOUS))).resolves.toEqual({ isAuthorized: false });
    expect(mockSecrets.requests.map((input) => input.VersionStage)).toEqual(['AWSCURRENT']);
  });

  test('an error reading the current value fails the request (API Gateway answers 500), never admits it', async () => {
    const handler = loadHandler({ ...ENV, ORIGIN_VERIFY_SECRET_ARN: 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:other' });
    await expect(handler(request(CURRENT))).rejects.toThrow('AccessDeniedException');
  });

  test('refuses to start without its window', () => {
    expect(() => loadHandler({ ...ENV, ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS: 'a day' })).toThrow('ORIGIN_VERIFY_ROTATION_WINDOW_SECONDS');
  });
});
