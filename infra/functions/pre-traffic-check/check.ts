/**
 * The pre-traffic check of the payment path's safe deploys (lib/payments/safe-deploys.ts): CodeDeploy
 * runs it once a new version of a function exists and before the alias sends it any traffic. It sends
 * the new version the function's probe (@kesho/operations/pre-traffic-probes), a harmless request whose
 * status is known in advance, and tells CodeDeploy Succeeded only when the version answered it as
 * expected; anything else (a version that cannot start, an unhandled error, a 5xx, another status)
 * is Failed, and CodeDeploy stops the deployment with the alias still on the old version.
 *
 * CodeDeploy is always answered, even when the check itself breaks: an unanswered hook holds the
 * deployment for an hour before it fails.
 */
import { API_ROUTES } from '@kesho/operations/api-routes';
import { PRE_TRAFFIC_CLIENT_ADDRESS, PRE_TRAFFIC_PROBES, PRE_TRAFFIC_USER_AGENT, SAFE_DEPLOY_HANDLERS, type SafeDeployHandler } from '@kesho/operations/pre-traffic-probes';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';

/** What CodeDeploy sends a lifecycle hook. */
export interface HookEvent {
  readonly DeploymentId: string;
  readonly LifecycleEventHookExecutionId: string;
}

/** One deployment group's function: the handler it runs and the version (qualified ARN) being deployed. */
export interface CheckTarget {
  readonly handler: SafeDeployHandler;
  readonly version: string;
}

export interface CheckSettings {
  /** By deployment group name. */
  readonly targets: Readonly<Record<string, CheckTarget>>;
  /** Whether the Daraja settings are deployed: the M-Pesa probes' expected status depends on it. */
  readonly mpesaOn: boolean;
}

export interface CheckServices {
  /** The deployment group a deployment belongs to (CodeDeploy's GetDeployment). */
  deploymentGroupOf(deploymentId: string): Promise<string>;
  /** Invokes a function version synchronously: its payload as text, and Lambda's FunctionError if it threw. */
  invoke(functionArn: string, payload: string): Promise<{ readonly payload: string; readonly functionError?: string }>;
  /** PutLifecycleEventHookExecutionStatus. */
  report(deploymentId: string, hookExecutionId: string, status: 'Succeeded' | 'Failed'): Promise<void>;
  log(line: Readonly<Record<string, unknown>>): void;
}

/** The environment's PRE_TRAFFIC_TARGETS and MPESA_ON, checked. */
export function readCheckSettings(env: Readonly<Record<string, string | undefined>>): CheckSettings {
  const raw = env.PRE_TRAFFIC_TARGETS;
  if (!raw) throw new Error('Missing env var PRE_TRAFFIC_TARGETS');
  const parsed: unknown = JSON.parse(raw);
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) throw new Error('PRE_TRAFFIC_TARGETS must be an object of deployment groups');
  const targets: Record<string, CheckTarget> = {};
  for (const [group, target] of Object.entries(parsed as Record<string, unknown>)) {
    const { handler, version } = (target ?? {}) as Record<string, unknown>;
    if (typeof handler !== 'string' || !(SAFE_DEPLOY_HANDLERS as readonly string[]).includes(handler)) throw new Error(`PRE_TRAFFIC_TARGETS.${group}: unknown handler ${String(handler)}`);
    if (typeof version !== 'string' || !/^arn:[^:]+:lambda:[^:]+:\d{12}:function:[^:]+:\d+$/.test(version))
      throw new Error(`PRE_TRAFFIC_TARGETS.${group}: version must be a function version's ARN`);
    targets[group] = { handler: handler as SafeDeployHandler, version };
  }
  if (env.MPESA_ON !== 'true' && env.MPESA_ON !== 'false') throw new Error('MPESA_ON must be "true" or "false"');
  return { targets, mpesaOn: env.MPESA_ON === 'true' };
}

/** The probe of `handler` as API Gateway (HTTP API, payload 2.0) would pass it to the function. */
export function probeEvent(handler: SafeDeployHandler, requestId: string, now: number = Date.now()): Record<string, unknown> {
  const probe = PRE_TRAFFIC_PROBES[handler];
  const route = API_ROUTES.find((candidate) => candidate.handler === handler && (candidate.methods as readonly string[]).includes(probe.method));
  if (!route) throw new Error(`No ${probe.method} route serves ${handler}`);
  const query = new URLSearchParams(probe.query ?? {});
  return {
    version: '2.0',
    routeKey: `${probe.method} ${route.path}`,
    rawPath: probe.path,
    rawQueryString: query.toString(),
    headers: {
      'user-agent': PRE_TRAFFIC_USER_AGENT,
      [VIEWER_ADDRESS_HEADER]: PRE_TRAFFIC_CLIENT_ADDRESS,
      ...(probe.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(probe.query ? { queryStringParameters: { ...probe.query } } : {}),
    requestContext: {
      requestId,
      timeEpoch: now,
      http: { method: probe.method, path: probe.path, protocol: 'HTTP/1.1', sourceIp: PRE_TRAFFIC_CLIENT_ADDRESS, userAgent: PRE_TRAFFIC_USER_AGENT },
    },
    ...(probe.body === undefined ? {} : { body: probe.body }),
    isBase64Encoded: false,
  };
}

/** Why an answer fails the check, or undefined when it is the expected one. */
export function judgeAnswer(handler: SafeDeployHandler, mpesaOn: boolean, answer: { readonly payload: string; readonly functionError?: string }): string | undefined {
  if (answer.functionError) return `the version threw (${answer.functionError}): ${answer.payload.slice(0, 500)}`;
  let result: unknown;
  try {
    result = JSON.parse(answer.payload);
  } catch {
    return `the answer is not JSON: ${answer.payload.slice(0, 200)}`;
  }
  const statusCode = typeof result === 'object' && result !== null ? (result as { statusCode?: unknown }).statusCode : undefined;
  const expected = mpesaOn ? PRE_TRAFFIC_PROBES[handler].expect.mpesaOn : PRE_TRAFFIC_PROBES[handler].expect.mpesaOff;
  if (statusCode !== expected) return `expected status ${expected}, got ${JSON.stringify(statusCode)}`;
  return undefined;
}

/** The hook: probe the deployment's new version, answer CodeDeploy, return what it was told. */
export function createCheck(settings: CheckSettings, services: CheckServices): (event: HookEvent) => Promise<'Succeeded' | 'Failed'> {
  return async (event) => {
    let status: 'Succeeded' | 'Failed' = 'Failed';
    try {
      const group = await services.deploymentGroupOf(event.DeploymentId);
      const target = settings.targets[group];
      if (!target) {
        services.log({ level: 'error', event: 'pre_traffic.unknown_group', deploymentId: event.DeploymentId, group });
      } else {
        const answer = await services.invoke(target.version, JSON.stringify(probeEvent(target.handler, `pre-traffic-${event.LifecycleEventHookExecutionId}`)));
        const why = judgeAnswer(target.handler, settings.mpesaOn, answer);
        status = why === undefined ? 'Succeeded' : 'Failed';
        services.log({
          level: why === undefined ? 'info' : 'error',
          event: why === undefined ? 'pre_traffic.passed' : 'pre_traffic.failed',
          deploymentId: event.DeploymentId,
          group,
          version: target.version,
          proves: PRE_TRAFFIC_PROBES[target.handler].proves,
          ...(why === undefined ? {} : { why }),
        });
      }
    } catch (error) {
      status = 'Failed';
      services.log({ level: 'error', event: 'pre_traffic.check_failed', deploymentId: event.DeploymentId, why: error instanceof Error ? error.message : String(error) });
    }
    await services.report(event.DeploymentId, event.LifecycleEventHookExecutionId, status);
    return status;
  };
}
