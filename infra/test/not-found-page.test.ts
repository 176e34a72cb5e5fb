/**
 * The not-found function (functions/not-found-page/): its answer, its cache, and its Lambda entry
 * against a stand-in S3 (the runtime's AWS SDK is not a dependency of this repository).
 */
import { BARE_NOT_FOUND, createNotFoundHandler } from '../functions/not-found-page/page';

const mockS3 = { objects: {} as Record<string, string>, reads: 0, failWith: undefined as { name: string; status: number } | undefined };

jest.mock(
  '@aws-sdk/client-s3',
  () => {
    class GetObjectCommand {
      constructor(readonly input: { Bucket: string; Key: string }) {}
    }
    class S3Client {
      async send(command: GetObjectCommand): Promise<unknown> {
        mockS3.reads += 1;
        if (mockS3.failWith) throw Object.assign(new Error(mockS3.failWith.name), { name: mockS3.failWith.name, $metadata: { httpStatusCode: mockS3.failWith.status } });
        const body = command.input.Bucket === 'kesho-site-test' ? mockS3.objects[command.input.Key] : undefined;
        // Without list rights a missing key is a 403, as for the distribution.
        if (body === undefined) throw Object.assign(new Error('AccessDenied'), { name: 'AccessDenied', $metadata: { httpStatusCode: 403 } });
        return { Body: { transformToString: async () => body } };
      }
    }
    return { S3Client, GetObjectCommand };
  },
  { virtual: true },
);

const PAGE = '<!doctype html><html lang="en"><title>Page not found | Kesho Global Education</title><h1>Page not found</h1></html>';

describe('not-found page', () => {
  test('answers 404 with the live page as HTML, kept for the cache time', async () => {
    let clock = 0;
    let reads = 0;
    let page: string | null = PAGE;
    const answer = createNotFoundHandler(
      async () => {
        reads += 1;
        return page;
      },
      10_000,
      () => clock,
    );
    await expect(answer()).resolves.toEqual({ statusCode: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': 'public, max-age=10' }, body: PAGE });
    page = `${PAGE}<!-- a newer shell -->`;
    clock = 9_999;
    expect((await answer()).body).toBe(PAGE);
    clock = 10_000;
    expect((await answer()).body).toBe(page);
    expect(reads).toBe(2);
  });

  test('before the shell has published the page: a plain 404, never a 5xx', async () => {
    await expect(createNotFoundHandler(async () => null, 10_000)()).resolves.toMatchObject({
      statusCode: 404,
      headers: { 'content-type': 'text/plain; charset=utf-8' },
      body: BARE_NOT_FOUND,
    });
  });

  describe('the Lambda entry', () => {
    type Handler = () => Promise<{ statusCode: number; body: string }>;
    const load = (env: Record<string, string>): Handler => {
      let handler: Handler | undefined;
      jest.isolateModules(() => {
        Object.assign(process.env, env);
        ({ handler } = require('../functions/not-found-page/index.js') as { handler: Handler });
      });
      if (!handler) throw new Error('no handler');
      return handler;
    };
    const ENV = { SITE_BUCKET_NAME: 'kesho-site-test', NOT_FOUND_PAGE_KEY: 'pages/404.html', NOT_FOUND_CACHE_SECONDS: '10' };

    beforeEach(() => {
      mockS3.objects = {};
      mockS3.reads = 0;
      mockS3.failWith = undefined;
    });

    test('reads the key it is given from the bucket it is given', async () => {
      mockS3.objects['pages/404.html'] = PAGE;
      await expect(load(ENV)()).resolves.toMatchObject({ statusCode: 404, body: PAGE });
    });

    test("takes S3's 403 for a missing page (no list rights) as no page yet", async () => {
      await expect(load(ENV)()).resolves.toMatchObject({ statusCode: 404, body: BARE_NOT_FOUND });
    });

    test('lets any other S3 failure through (the origin group then answers 5xx, and the function alarms count it)', async () => {
      mockS3.failWith = { name: 'SlowDown', status: 503 };
      await expect(load(ENV)()).rejects.toThrow('SlowDown');
    });

    test('refuses to start without its settings', () => {
      expect(() => load({ ...ENV, NOT_FOUND_CACHE_SECONDS: 'ten' })).toThrow('NOT_FOUND_CACHE_SECONDS');
    });
  });
});
