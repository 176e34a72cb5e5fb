/**
 * The pre-traffic check's decisions (functions/pre-traffic-check/check.ts) with stand-in CodeDeploy
 * and Lambda clients: the probe sent to the deployment's new version as API Gateway would send it,
 * Succeeded only for the expected answer, Failed for anything else, and CodeDeploy answered always.
 */
import { PRE_TRAFFIC_PROBES, PRE_TRAFFIC_USER_AGENT, SAFE_DEPLOY_HANDLERS, type SafeDeployHandler } from '@kesho/operations/pre-traffic-probes';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { createCheck, judgeAnswer, probeEvent, readCheckSettings, type CheckServices, type CheckSettings } from '../functions/pre-traffic-check/check';

const VERSION = (name: string, n: number) => `arn:aws:lambda:eu-west-1:111111111111:function:KeshoPayments-${name}:${n}`;
const SETTINGS: CheckSettings = {
  mpesaOn: true,
  targets: Object.fromEntries(SAFE_DEPLOY_HANDLERS.map((handler, index) => [`kesho-${handler}`, { handler, version: VERSION(handler, index + 2) }])),
};

interface Recorded {
  invoked: Array<{ arn: string; event: Record<string, unknown> }>;
  reported: Array<{ deploymentId: string; hookId: string; status: string }>;
  logs: Array<Readonly<Record<string, unknown>>>;
}

function services(answer: (arn: string) => { payload: string; functionError?: string } | Error, group: string | Error = 'kesho-create-payment'): CheckServices & { recorded: Recorded } {
  const recorded: Recorded = { invoked: [], reported: [], logs: [] };
  return {
    recorded,
    deploymentGroupOf: async () => {
      if (group instanceof Error) throw group;
      return group;
    },
    invoke: async (arn, payload) => {
      recorded.invoked.push({ arn, event: JSON.parse(payload) as Record<string, unknown> });
      const result = answer(arn);
      if (result instanceof Error) throw result;
      return result;
    },
    report: async (deploymentId, hookId, status) => {
      recorded.reported.push({ deploymentId, hookId, status });
    },
    log: (line) => recorded.logs.push(line),
  };
}

const answering = (statusCode: number) => () => ({ payload: JSON.stringify({ statusCode, headers: { 'content-type': 'application/json' }, body: '{}' }) });
const EVENT = { DeploymentId: 'd-ABC123', LifecycleEventHookExecutionId: 'hook-1' };

describe('the pre-traffic check', () => {
  test.each(SAFE_DEPLOY_HANDLERS)('%s: sends its probe to the new version and passes on the expected status', async (handler) => {
    const stand = services(answering(PRE_TRAFFIC_PROBES[handler].expect.mpesaOn), `kesho-${handler}`);
    await expect(createCheck(SETTINGS, stand)(EVENT)).resolves.toBe('Succeeded');
    expect(stand.recorded.invoked.map((call) => call.arn)).toEqual([SETTINGS.targets[`kesho-${handler}`]?.version]);
    expect(stand.recorded.reported).toEqual([{ deploymentId: 'd-ABC123', hookId: 'hook-1', status: 'Succeeded' }]);
    const event = stand.recorded.invoked[0]?.event;
    const probe = PRE_TRAFFIC_PROBES[handler];
    expect(event).toMatchObject({
      version: '2.0',
      rawPath: probe.path,
      headers: { 'user-agent': PRE_TRAFFIC_USER_AGENT, [VIEWER_ADDRESS_HEADER]: expect.any(String) },
      requestContext: { requestId: 'pre-traffic-hook-1', http: { method: probe.method, path: probe.path } },
      isBase64Encoded: false,
    });
    expect(event?.body).toBe(probe.body);
  });

  test('fails a version that answers another status, a 5xx, throws, or answers something that is not a result', async () => {
    const cases: Array<[string, () => { payload: string; functionError?: string } | Error]> = [
      ['another status', answering(200)],
      ['a 5xx', answering(500)],
      ['an unhandled error', () => ({ payload: '{"errorType":"ConfigError","errorMessage":"Invalid configuration"}', functionError: 'Unhandled' })],
      ['not JSON', () => ({ payload: 'Task timed out' })],
      ['the invoke itself failed', () => new Error('AccessDeniedException')],
    ];
    for (const [, answer] of cases) {
      const stand = services(answer);
      await expect(createCheck(SETTINGS, stand)(EVENT)).resolves.toBe('Failed');
      expect(stand.recorded.reported).toEqual([{ deploymentId: 'd-ABC123', hookId: 'hook-1', status: 'Failed' }]);
      expect(stand.recorded.logs.at(-1)).toMatchObject({ level: 'error' });
    }
  });

  test('a deployment of a group it does not know, or one it cannot read, is failed and answered', async () => {
    const unknown = services(answering(400), 'kesho-enquiries');
    await expect(createCheck(SETTINGS, unknown)(EVENT)).resolves.toBe('Failed');
    expect(unknown.recorded.invoked).toEqual([]);
    expect(unknown.recorded.reported.map((report) => report.status)).toEqual(['Failed']);
    const unreadable = services(answering(400), new Error('DeploymentDoesNotExistException'));
    await expect(createCheck(SETTINGS, unreadable)(EVENT)).resolves.toBe('Failed');
    expect(unreadable.recorded.reported.map((report) => report.status)).toEqual(['Failed']);
  });

  test('judges the M-Pesa probes by whether M-Pesa is deployed', () => {
    const status = (statusCode: number) => ({ payload: JSON.stringify({ statusCode }) });
    expect(judgeAnswer('mpesa-payment', true, status(200))).toBeUndefined();
    expect(judgeAnswer('mpesa-payment', false, status(503))).toBeUndefined();
    expect(judgeAnswer('mpesa-payment', false, status(200))).toBe('expected status 503, got 200');
    expect(judgeAnswer('mpesa-callback', false, status(404))).toBeUndefined();
    expect(judgeAnswer('mpesa-callback', true, status(404))).toBe('expected status 400, got 404');
  });

  test('builds each probe on the route API Gateway would match, with its query string', () => {
    const routeKeys = Object.fromEntries(SAFE_DEPLOY_HANDLERS.map((handler) => [handler, probeEvent(handler, 'r', 0).routeKey])) as Record<SafeDeployHandler, string>;
    expect(routeKeys).toEqual({
      'create-payment': 'POST /api/create-payment',
      'checkout-session': 'GET /api/checkout-session',
      'stripe-webhook': 'POST /api/stripe-webhook',
      'mpesa-payment': 'GET /api/mpesa-payment',
      'mpesa-callback': 'POST /api/mpesa/callback/{token}',
    });
    expect(probeEvent('checkout-session', 'r', 0)).toMatchObject({
      rawQueryString: 'session_id=mp_preTrafficCheck0000000',
      queryStringParameters: { session_id: 'mp_preTrafficCheck0000000' },
    });
  });

  test('refuses settings it cannot act on', () => {
    expect(() => readCheckSettings({ MPESA_ON: 'true' })).toThrow('Missing env var PRE_TRAFFIC_TARGETS');
    expect(() => readCheckSettings({ PRE_TRAFFIC_TARGETS: '{"g":{"handler":"enquiries","version":"x"}}', MPESA_ON: 'true' })).toThrow('unknown handler enquiries');
    expect(() => readCheckSettings({ PRE_TRAFFIC_TARGETS: '{"g":{"handler":"create-payment","version":"arn:aws:lambda:eu-west-1:111111111111:function:f"}}', MPESA_ON: 'true' })).toThrow(
      "version must be a function version's ARN",
    );
    expect(() => readCheckSettings({ PRE_TRAFFIC_TARGETS: '{}', MPESA_ON: 'yes' })).toThrow('MPESA_ON must be');
    expect(readCheckSettings({ PRE_TRAFFIC_TARGETS: JSON.stringify({ g: { handler: 'create-payment', version: VERSION('create-payment', 7) } }), MPESA_ON: 'false' })).toEqual({
      mpesaOn: false,
      targets: { g: { handler: 'create-payment', version: VERSION('create-payment', 7) } },
    });
  });
});
