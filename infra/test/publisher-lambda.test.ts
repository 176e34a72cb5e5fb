/**
 * The publisher's Lambda entry (functions/release-publisher/index.js): S3 calls translated onto an
 * in-memory bucket with S3's semantics, KeyValueStore calls onto an in-memory store (with its ETag
 * discipline), and the answer CloudFormation gets at its ResponseURL. The runtime's AWS SDK is not a
 * dependency of this repository, so stand-in modules take its place.
 */
import { EventEmitter } from 'node:events';
import { MemoryStore } from './support/memory-store';
import { deployRemote, pointer, publishedDocument, rollBackWithdrawing } from './support/releases';

const mockBucket = { store: new MemoryStore(), answers: [] as { url: string; method: string; headers: Record<string, unknown>; body: string }[] };
/** Each stack's status, as DescribeStacks answers it. */
const mockStacks = new Map<string, string>();
const mockEdge = { values: new Map<string, string>(), version: 1 };
/** The preview links' key in Secrets Manager (a rotation puts another). */
const mockPreviewSecret = { value: 'the-generated-preview-link-secret-0123456789abcdef' };

jest.mock('@aws-sdk/client-cloudfront-keyvaluestore', () => {
  class Command {
    constructor(readonly input: Record<string, string>) {}
  }
  class DescribeKeyValueStoreCommand extends Command {}
  class GetKeyCommand extends Command {}
  class PutKeyCommand extends Command {}
  const arn = 'arn:aws:cloudfront::111111111111:key-value-store/kesho-edge-state';
  class CloudFrontKeyValueStoreClient {
    async send(command: Command): Promise<unknown> {
      if (command.input.KvsARN !== arn) throw Object.assign(new Error('AccessDenied'), { name: 'AccessDeniedException' });
      if (command instanceof DescribeKeyValueStoreCommand) return { ETag: String(mockEdge.version) };
      if (command instanceof GetKeyCommand) {
        const value = mockEdge.values.get(command.input.Key as string);
        if (value === undefined) throw Object.assign(new Error('no such key'), { name: 'ResourceNotFoundException' });
        return { Key: command.input.Key, Value: value };
      }
      if (command instanceof PutKeyCommand) {
        // Every put names the version it read, as the KeyValueStore API requires.
        if (command.input.IfMatch !== String(mockEdge.version)) throw Object.assign(new Error('conflict'), { name: 'ConflictException' });
        mockEdge.values.set(command.input.Key as string, command.input.Value as string);
        mockEdge.version += 1;
        return { ETag: String(mockEdge.version) };
      }
      throw new Error('unexpected command');
    }
  }
  return { CloudFrontKeyValueStoreClient, DescribeKeyValueStoreCommand, GetKeyCommand, PutKeyCommand };
});
jest.mock('@aws-sdk/signature-v4a', () => ({}), { virtual: true });
jest.mock(
  '@aws-sdk/client-secrets-manager',
  () => ({
    GetSecretValueCommand: class {
      constructor(readonly input: { SecretId: string }) {}
    },
    SecretsManagerClient: class {
      async send(command: { input: { SecretId: string } }) {
        if (command.input.SecretId !== 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:kesho/preview-link-secret') throw new Error('AccessDenied');
        return { SecretString: mockPreviewSecret.value };
      }
    },
  }),
  { virtual: true },
);

jest.mock(
  '@aws-sdk/client-cloudformation',
  () => ({
    DescribeStacksCommand: class {
      constructor(readonly input: { StackName: string }) {}
    },
    CloudFormationClient: class {
      async send(command: { input: { StackName: string } }) {
        const status = mockStacks.get(command.input.StackName);
        if (!status) throw Object.assign(new Error(`Stack with id ${command.input.StackName} does not exist`), { name: 'ValidationError' });
        return { Stacks: [{ StackId: command.input.StackName, StackStatus: status }] };
      }
    },
  }),
  { virtual: true },
);

jest.mock(
  '@aws-sdk/client-s3',
  () => {
    class Command {
      constructor(readonly input: Record<string, string | undefined>) {}
    }
    class GetObjectCommand extends Command {}
    class HeadObjectCommand extends Command {}
    class ListObjectsV2Command extends Command {}
    class PutObjectCommand extends Command {}
    class CopyObjectCommand extends Command {}
    class DeleteObjectCommand extends Command {}
    const failure = (name: string, httpStatusCode: number) => Object.assign(new Error(name), { name, $metadata: { httpStatusCode } });
    class S3Client {
      async send(command: Command): Promise<unknown> {
        const { store } = mockBucket;
        const input = command.input;
        if (input.Bucket !== 'kesho-site-test') throw failure('AccessDenied', 403);
        if (command instanceof GetObjectCommand) {
          const object = await store.get(input.Key as string);
          if (!object) throw failure('NoSuchKey', 404);
          return { Body: { transformToString: async () => object.body }, ETag: object.etag };
        }
        if (command instanceof HeadObjectCommand) {
          const head = await store.head(input.Key as string);
          if (!head) throw failure('NotFound', 404);
          return { ETag: head.etag, ContentType: head.metadata?.contentType, CacheControl: head.metadata?.cacheControl };
        }
        if (command instanceof ListObjectsV2Command) {
          return { Contents: (await store.listKeys(input.Prefix as string)).map((Key) => ({ Key })), IsTruncated: false };
        }
        if (command instanceof PutObjectCommand) {
          const metadata = { contentType: input.ContentType as string, cacheControl: input.CacheControl as string };
          const condition = { ...(input.IfMatch ? { ifMatch: input.IfMatch } : {}), ...(input.IfNoneMatch ? { ifNoneMatch: '*' as const } : {}) };
          const outcome = await store.put(input.Key as string, input.Body as string, metadata, condition);
          if (outcome === 'precondition-failed') throw failure('PreconditionFailed', 412);
          return {};
        }
        if (command instanceof CopyObjectCommand) {
          const source = decodeURI(input.CopySource as string).replace(/^kesho-site-test\//, '');
          await store.copy(source, input.Key as string, { contentType: input.ContentType as string, cacheControl: input.CacheControl as string });
          return {};
        }
        if (command instanceof DeleteObjectCommand) {
          await store.delete(input.Key as string);
          return {};
        }
        throw new Error('unexpected command');
      }
    }
    return { S3Client, GetObjectCommand, HeadObjectCommand, ListObjectsV2Command, PutObjectCommand, CopyObjectCommand, DeleteObjectCommand };
  },
  { virtual: true },
);

jest.mock('node:https', () => ({
  request(url: string, options: { method: string; headers: Record<string, unknown> }) {
    const request = new EventEmitter() as EventEmitter & { end(body: string): void };
    request.end = (body: string) => {
      mockBucket.answers.push({ url, method: options.method, headers: options.headers, body });
      const response = Object.assign(new EventEmitter(), { statusCode: 200, resume: () => undefined });
      setImmediate(() => {
        request.emit('response', response);
        response.emit('end');
      });
    };
    return request;
  },
}));

type Handler = (event: unknown) => Promise<unknown>;
let handler: Handler;

beforeAll(() => {
  process.env.SITE_BUCKET_NAME = 'kesho-site-test';
  process.env.EDGE_STATE_STORE_ARN = 'arn:aws:cloudfront::111111111111:key-value-store/kesho-edge-state';
  process.env.PREVIEW_LINK_SECRET_ARN = 'arn:aws:secretsmanager:eu-west-1:111111111111:secret:kesho/preview-link-secret';
  process.env.SITE_ORIGIN = 'https://www.keshoglobal.co.ke';
  ({ handler } = require('../functions/release-publisher/index.js') as { handler: Handler });
});

beforeEach(() => {
  mockBucket.store = new MemoryStore();
  mockBucket.answers = [];
  mockEdge.values = new Map();
  mockStacks.clear();
  jest.spyOn(console, 'log').mockImplementation(() => undefined);
});

afterEach(() => jest.restoreAllMocks());

const cloudFormationEvent = (app: string, release: string) => ({
  RequestType: 'Create',
  ResponseURL: 'https://cloudformation-custom-resource-response.example/answer?signature=abc',
  StackId: `arn:aws:cloudformation:eu-west-1:111111111111:stack/KeshoRemote-${app}/1`,
  RequestId: 'request-1',
  LogicalResourceId: 'PublicationBB6C00E4',
  ResourceType: 'Custom::KeshoReleasePublication',
  ResourceProperties: { ServiceToken: 'arn:aws:lambda:eu-west-1:111111111111:function:kesho-release-publisher', App: app, Release: release },
});

describe('release publisher Lambda', () => {
  test("answers CloudFormation SUCCESS once mfe/remotes.json shows the stack's release", async () => {
    const release = deployRemote(mockBucket.store, pointer('marketing', 'm1', ['/', '/faq']));

    await handler(cloudFormationEvent('marketing', release.release));

    expect(mockBucket.answers).toHaveLength(1);
    const [answer] = mockBucket.answers;
    expect(answer?.url).toBe('https://cloudformation-custom-resource-response.example/answer?signature=abc');
    expect(answer?.method).toBe('PUT');
    expect(JSON.parse(answer?.body ?? '{}')).toEqual({
      Status: 'SUCCESS',
      Reason: `mfe/remotes.json shows release ${release.release} of marketing`,
      PhysicalResourceId: 'release-publish-marketing',
      StackId: 'arn:aws:cloudformation:eu-west-1:111111111111:stack/KeshoRemote-marketing/1',
      RequestId: 'request-1',
      LogicalResourceId: 'PublicationBB6C00E4',
    });
    expect(publishedDocument(mockBucket.store).releases).toEqual({ marketing: release.release });
  });

  test('answers FAILED (and does not throw, so the event is not retried) when the release is rejected', async () => {
    const marketing = deployRemote(mockBucket.store, pointer('marketing', 'm1', ['/', '/faq']));
    await handler(cloudFormationEvent('marketing', marketing.release));
    mockBucket.answers = [];
    const greedy = deployRemote(mockBucket.store, pointer('legal', 'l1', ['/faq', '/terms']));

    await expect(handler(cloudFormationEvent('legal', greedy.release))).resolves.toMatchObject({ status: 'FAILED' });

    const answer = JSON.parse(mockBucket.answers[0]?.body ?? '{}') as { Status: string; Reason: string };
    expect(answer).toMatchObject({ Status: 'FAILED', Reason: `release ${greedy.release} of legal was not published: route /faq is served by marketing` });
    expect(publishedDocument(mockBucket.store).remotes.map((entry) => entry.name)).toEqual(['marketing']);
  });

  test('a record change publishes everyone else, then fails the run naming the rejected release, so it reaches the failure queue', async () => {
    deployRemote(mockBucket.store, pointer('marketing', 'm1', ['/', '/faq']));
    await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] });
    deployRemote(mockBucket.store, pointer('legal', 'l1', ['/faq']));
    deployRemote(mockBucket.store, pointer('commerce', 'c1', ['/quote']));

    await expect(handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/legal.json' } } }] })).rejects.toThrow(
      /^Releases not published: release l1-[0-9a-f]{12} of legal was not published: route \/faq is served by marketing$/,
    );
    expect(publishedDocument(mockBucket.store).remotes.map((entry) => entry.name)).toEqual(['commerce', 'marketing']);
    expect(mockBucket.answers).toEqual([]);
  });

  test("a release rejected earlier does not fail the runs of other teams' record changes", async () => {
    deployRemote(mockBucket.store, pointer('marketing', 'm1', ['/', '/faq']));
    await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] });
    deployRemote(mockBucket.store, pointer('legal', 'l1', ['/faq']));
    await expect(handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/legal.json' } } }] })).rejects.toThrow(/of legal was not published/);

    deployRemote(mockBucket.store, pointer('commerce', 'c1', ['/quote']));
    await expect(handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/commerce.json' } } }] })).resolves.toMatchObject({
      rejected: [expect.objectContaining({ app: 'legal' })],
    });
    expect(publishedDocument(mockBucket.store).remotes.map((entry) => entry.name)).toEqual(['commerce', 'marketing']);
  });
});

describe('release publisher Lambda: a release withdrawn by a rollback', () => {
  const marketingStack = 'arn:aws:cloudformation:eu-west-1:111111111111:stack/KeshoRemote-marketing/1';
  const recordChange = { Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] };

  async function rolledBack() {
    const first = deployRemote(mockBucket.store, pointer('marketing', 'm1', ['/', '/faq']));
    await handler(recordChange);
    const bad = deployRemote(mockBucket.store, pointer('marketing', 'm2', ['/', '/faq', '/blog']));
    await handler(recordChange);
    rollBackWithdrawing(mockBucket.store, 'marketing', bad.release, first.release);
    await handler(recordChange);
    // CloudFormation's rollback of the team's next, failed deploy uploads the release the stack last deployed.
    deployRemote(mockBucket.store, pointer('marketing', 'm2', ['/', '/faq', '/blog']));
    return { first, bad };
  }

  test("the record's upload by a stack's rollback publishes nothing and is no failure; the stack's rollback gets SUCCESS", async () => {
    const { first, bad } = await rolledBack();
    await expect(handler(recordChange)).resolves.toMatchObject({ rejected: [expect.objectContaining({ app: 'marketing', withdrawn: true })] });

    mockStacks.set(marketingStack, 'UPDATE_ROLLBACK_IN_PROGRESS');
    await handler({ ...cloudFormationEvent('marketing', bad.release), RequestType: 'Update' });

    const answer = JSON.parse(mockBucket.answers.at(-1)?.body ?? '{}') as { Status: string; Reason: string };
    expect(answer.Status).toBe('SUCCESS');
    expect(answer.Reason).toContain("(the stack's rollback completes without it)");
    expect(publishedDocument(mockBucket.store).releases).toEqual({ marketing: first.release });
  });

  test('a deploy of the withdrawn release (its stack not rolling back) gets FAILED with the reason', async () => {
    const { first, bad } = await rolledBack();
    mockStacks.set(marketingStack, 'UPDATE_IN_PROGRESS');

    await handler({ ...cloudFormationEvent('marketing', bad.release), RequestType: 'Update' });

    const answer = JSON.parse(mockBucket.answers.at(-1)?.body ?? '{}') as { Status: string; Reason: string };
    expect(answer).toMatchObject({ Status: 'FAILED', Reason: expect.stringMatching(/was withdrawn by a rollback .*; build and deploy a new release instead$/) });
    expect(publishedDocument(mockBucket.store).releases).toEqual({ marketing: first.release });
  });
});

describe('release publisher Lambda: canaries and previews', () => {
  test("a team's canary command starts the canary: the edge's KeyValueStore names its folder, the preview key beside it", async () => {
    deployRemote(mockBucket.store, pointer('marketing', 'aaaaaaaaaaaa', ['/', '/faq']));
    await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] });
    const current = mockBucket.store.text('mfe/pointers/marketing.json') as string;
    const candidate = deployRemote(mockBucket.store, pointer('marketing', 'bbbbbbbbbbbb', ['/', '/faq']));
    mockBucket.store.write('mfe/pointers/marketing.json', current);
    mockBucket.store.write('mfe/canary/marketing.json', JSON.stringify({ action: 'start', release: candidate.release, percent: 10 }));

    await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/canary/marketing.json' } } }] });

    const state = JSON.parse(mockEdge.values.get('state') ?? '{}') as { canaries: unknown[]; variants: Record<string, string> };
    expect(state.canaries).toEqual([{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 10 }]);
    expect(mockBucket.store.text(`variants/${state.variants.marketing}/pages/faq.html`)).toContain('marketing bbbbbbbbbbbb /faq');
    expect(mockEdge.values.get('preview-key')).toBe('the-generated-preview-link-secret-0123456789abcdef');
  });

  test('a rotated preview-link key is used within five minutes, without a cold start (the canary check keeps the container warm)', async () => {
    const now = jest.spyOn(Date, 'now');
    // Later than any read an earlier test made, so the first pass reads the key afresh too.
    const start = Date.now() + 60 * 60 * 1000;
    now.mockReturnValue(start);
    const startCanary = async (build: string) => {
      const current = mockBucket.store.text('mfe/pointers/marketing.json') as string;
      const candidate = deployRemote(mockBucket.store, pointer('marketing', build, ['/', '/faq']));
      mockBucket.store.write('mfe/pointers/marketing.json', current);
      mockBucket.store.write('mfe/canary/marketing.json', JSON.stringify({ action: 'start', release: candidate.release, percent: 10 }));
      await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/canary/marketing.json' } } }] });
    };
    try {
      deployRemote(mockBucket.store, pointer('marketing', 'aaaaaaaaaaaa', ['/', '/faq']));
      await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] });
      await startCanary('bbbbbbbbbbbb');
      const before = mockEdge.values.get('preview-key');
      mockPreviewSecret.value = 'the-rotated-preview-link-secret-fedcba9876543210fedcba98765432';
      // Within the five minutes the container keeps the key it read; past them it reads the new one.
      now.mockReturnValue(start + 6 * 60 * 1000);
      mockBucket.store.write('mfe/canary/marketing.json', JSON.stringify({ action: 'abort', by: 'amina', why: 'rotation test' }));
      await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/canary/marketing.json' } } }] });
      await startCanary('cccccccccccc');
      expect(before).toBe('the-generated-preview-link-secret-0123456789abcdef');
      expect(mockEdge.values.get('preview-key')).toBe(mockPreviewSecret.value);
    } finally {
      now.mockRestore();
      mockPreviewSecret.value = 'the-generated-preview-link-secret-0123456789abcdef';
    }
  });

  test("a preview deploy answers CloudFormation with the link as the resource's PreviewLink", async () => {
    deployRemote(mockBucket.store, pointer('marketing', 'aaaaaaaaaaaa', ['/', '/faq']));
    await handler({ Records: [{ eventName: 'ObjectCreated:Put', s3: { object: { key: 'mfe/pointers/marketing.json' } } }] });
    const current = mockBucket.store.text('mfe/pointers/marketing.json') as string;
    const candidate = deployRemote(mockBucket.store, pointer('marketing', 'bbbbbbbbbbbb', ['/', '/faq']));
    mockBucket.store.write('mfe/pointers/marketing.json', current);
    const event = cloudFormationEvent('marketing', candidate.release);

    await handler({ ...event, ResourceProperties: { ...event.ResourceProperties, Mode: 'preview', Hours: '24' } });

    const answer = JSON.parse(mockBucket.answers[0]?.body ?? '{}') as { Status: string; Data?: { PreviewLink?: string } };
    expect(answer.Status).toBe('SUCCESS');
    expect(answer.Data?.PreviewLink).toMatch(/^https:\/\/www\.keshoglobal\.co\.ke\/\?kesho-preview=marketing\.bbbbbbbbbbbb\.\d+\.[0-9a-f]{64}$/);
  });

  test('the scheduled check with no canary running reads nothing and changes nothing', async () => {
    await expect(handler({ canaryCheck: true })).resolves.toEqual({ aborted: [], rolledBack: [] });
    expect(mockEdge.values.size).toBe(0);
  });
});
