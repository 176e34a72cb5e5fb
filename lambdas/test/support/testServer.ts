/**
 * The local API behind a real HTTP server on 127.0.0.1, port 0, as serve.ts mounts it: the tests
 * talk to it with fetch, and the webhook's Lambda invoke comes back to it over loopback.
 */
import { mkdtemp, rm } from 'node:fs/promises';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { startLocalApi, type LocalApi, type LocalApiInternals } from '../../src/local/api';
import type { MailTransport } from '../../src/mail/types';

/**
 * The suites start hundreds of orders from 127.0.0.1 and push to one test phone again and again, so
 * their server has room for that; the limits' own tests set these back to '' (unset: the defaults,
 * which `npm start` and AWS use).
 * The bench and the e2e server take the same values from scripts/lib/test-traffic.mjs (lambdas may not import scripts).
 */
export const ROOMY_PAYMENT_LIMITS: Readonly<Record<string, string>> = { PAYMENT_RATE_LIMIT_PER_CLIENT: '100000', MPESA_RATE_LIMIT_PER_PHONE: '100000', MPESA_PUSH_HOLD_SECONDS: '0' };

export interface TestServer {
  readonly origin: string;
  readonly api: LocalApiInternals;
  readonly dataDir: string;
  close(): Promise<void>;
}

/**
 * An HTTP server on 127.0.0.1, port 0, listening before the API exists (the API needs the origin):
 * it answers 503 until `mount` hands it the API, then passes every request to it (404 for what the API
 * does not serve).
 */
export async function listenForLocalApi(): Promise<{ server: Server; origin: string; mount(api: LocalApi): void }> {
  let api: LocalApi | undefined;
  const server = createServer((req, res) => {
    if (!api) {
      res.writeHead(503).end();
      return;
    }
    api.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404, { 'Content-Type': 'text/plain' }).end('Not served by the API');
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  return {
    server,
    origin,
    mount(mounted) {
      api = mounted;
    },
  };
}

export async function startTestServer(
  options: { env?: Record<string, string>; dataDir?: string; mailTransport?: MailTransport; siteDir?: string; routeThrottles?: boolean } = {},
): Promise<TestServer> {
  const ownDataDir = options.dataDir === undefined;
  const dataDir = options.dataDir ?? (await mkdtemp(path.join(tmpdir(), 'kesho-lambdas-')));
  const { server, origin, mount } = await listenForLocalApi();
  let api: LocalApiInternals;
  try {
    api = await startLocalApi({
      dataDir,
      publicOrigin: origin,
      env: { LOG_LEVEL: 'silent', ...ROOMY_PAYMENT_LIMITS, ...options.env },
      // Lines (when a test asks for a level) go to DATA_DIR/logs/api.jsonl only, where the test reads them.
      logToStdout: false,
      ...(options.mailTransport ? { mailTransport: options.mailTransport } : {}),
      ...(options.siteDir ? { siteDir: options.siteDir } : {}),
      ...(options.routeThrottles ? { routeThrottles: true } : {}),
    });
  } catch (error) {
    server.close();
    throw error;
  }
  mount(api);
  const started = api;
  return {
    origin,
    api: started,
    dataDir,
    async close() {
      await started.close();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      if (ownDataDir) await rm(dataDir, { recursive: true, force: true });
    },
  };
}

export async function postJson(url: string, body: unknown, headers: Record<string, string> = {}): Promise<Response> {
  return fetch(url, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: typeof body === 'string' ? body : JSON.stringify(body) });
}
