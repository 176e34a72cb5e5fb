/**
 * The publisher's Lambda entry (functions/release-publisher/index.js): S3 calls translated onto an
 * in-memory bucket with S3's semantics, and the answer CloudFormation gets at its ResponseURL. The
 * runtime's AWS SDK is not a dependency of this repository, so a stand-in module takes its place.
 */
import { EventEmitter } from 'node:events';
import { MemoryStore } from './support/memory-store';
import { deployRemote, pointer, publishedDocument } from './support/releases';

const mockBucket = { store: new MemoryStore(), answers: [] as { url: string; method: string; headers: Record<string, unknown>; body: string }[] };

jest.mock(
  '@aws-sdk/client-s3',
  () => {
    class Command {
      constructor(readonly input: Record<string, string | undefined>) {}
    }
    class GetObjectCommand extends Command {}
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
    return { S3Client, GetObjectCommand, ListObjectsV2Command, PutObjectCommand, CopyObjectCommand, DeleteObjectCommand };
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
  ({ handler } = require('../functions/release-publisher/index.js') as { handler: Handler });
});

beforeEach(() => {
  mockBucket.store = new MemoryStore();
  mockBucket.answers = [];
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
