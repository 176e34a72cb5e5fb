/**
 * The pre-traffic check's probes (@kesho/operations/pre-traffic-probes) against the real handlers: each
 * request, sent through the local API as API Gateway would pass it, gets the status the deployed check
 * demands of a new version (M-Pesa on: the local runtime's M-Pesa sandbox).
 */
import { PRE_TRAFFIC_PROBES, PRE_TRAFFIC_USER_AGENT, SAFE_DEPLOY_HANDLERS } from '@kesho/operations/pre-traffic-probes';
import { API_ROUTES } from '@kesho/operations/api-routes';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;

beforeAll(async () => {
  server = await startTestServer();
});
afterAll(async () => {
  await server.close();
});

describe('pre-traffic probes', () => {
  test.each(SAFE_DEPLOY_HANDLERS)('%s answers its probe with the expected status, before any visitor', async (name) => {
    const probe = PRE_TRAFFIC_PROBES[name];
    const route = API_ROUTES.find((candidate) => candidate.handler === name);
    expect(route?.methods).toContain(probe.method);
    const url = new URL(probe.path, server.origin);
    for (const [key, value] of Object.entries(probe.query ?? {})) url.searchParams.set(key, value);
    const response = await fetch(url, {
      method: probe.method,
      headers: { 'user-agent': PRE_TRAFFIC_USER_AGENT, ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }) },
      ...(probe.body === undefined ? {} : { body: probe.body }),
    });
    expect({ name, status: response.status }).toEqual({ name, status: probe.expect.mpesaOn });
    expect(response.headers.get('content-type')).toMatch(/^application\/json/);
  });
});
