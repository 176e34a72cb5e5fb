/**
 * The payment path's safe deploys: which functions are deployed through an alias with a CodeDeploy
 * canary (infra/lib/payments/safe-deploys.ts), and the request the pre-traffic check sends to each new
 * version before any visitor reaches it (infra/functions/pre-traffic-check/).
 *
 * Each probe is a request a visitor or a provider could send, answered without moving money or
 * writing anything: it makes the new version start (load its bundle, read its configuration and, where
 * the answer needs them, its secrets and the orders table) and answer with a status known in advance.
 * A version that cannot start, or answers anything else (a 5xx above all), never takes traffic.
 * lambdas/test/preTrafficProbes.test.ts sends every probe to the real handlers through the local API and
 * checks the status, so a handler change that moves an answer fails there, not in a deploy.
 */
import { BACKEND_FUNCTIONS, FUNCTIONS, specOf, type ApiMethod, type BackendFunction } from './functions';

/** The functions money passes through (their entries' `aws.safeDeploy` in @kesho/operations/functions): a bad version of one of these takes payments down. */
export type SafeDeployHandler = { [K in BackendFunction]: (typeof FUNCTIONS)[K] extends { readonly aws: { readonly safeDeploy: object } } ? K : never }[BackendFunction];
export const SAFE_DEPLOY_HANDLERS: readonly SafeDeployHandler[] = BACKEND_FUNCTIONS.filter((fn): fn is SafeDeployHandler => specOf(fn).aws?.safeDeploy !== undefined);

/** The User-Agent of every probe: its log lines say where they came from. */
export const PRE_TRAFFIC_USER_AGENT = 'kesho-pre-traffic-check';
/** The documentation address range (RFC 5737): the per-client limits count the probe apart from any visitor. */
export const PRE_TRAFFIC_CLIENT_ADDRESS = '192.0.2.10';

export interface PreTrafficProbe {
  readonly method: ApiMethod;
  /** The request path (API Gateway's rawPath). */
  readonly path: string;
  readonly query?: Readonly<Record<string, string>>;
  /** A JSON body, sent as application/json. */
  readonly body?: string;
  /** The status the new version must answer, with M-Pesa on (Daraja settings deployed) and off. */
  readonly expect: { readonly mpesaOn: number; readonly mpesaOff: number };
  /** What the answer proves. */
  readonly proves: string;
}

export const PRE_TRAFFIC_PROBES: Readonly<Record<SafeDeployHandler, PreTrafficProbe>> = {
  'create-payment': {
    method: 'POST',
    path: '/api/create-payment',
    body: JSON.stringify({ items: [], customerData: {} }),
    expect: { mpesaOn: 400, mpesaOff: 400 },
    proves: 'the bundle loads and the order rules refuse an empty order (400, no order stored, nothing sent to Stripe)',
  },
  'checkout-session': {
    method: 'GET',
    path: '/api/checkout-session',
    // An M-Pesa payment id no payment has: looked up in the orders table (with M-Pesa on), found nowhere.
    query: { session_id: 'mp_preTrafficCheck0000000' },
    expect: { mpesaOn: 404, mpesaOff: 404 },
    proves: 'the configuration and secrets load and the orders table answers (404 for a payment that does not exist)',
  },
  'stripe-webhook': {
    method: 'POST',
    path: '/api/stripe-webhook',
    body: JSON.stringify({ type: 'pre-traffic-check' }),
    expect: { mpesaOn: 400, mpesaOff: 400 },
    proves: 'the signing secret loads and an unsigned event is refused (400, nothing handed to fulfil-order)',
  },
  'mpesa-payment': {
    method: 'GET',
    path: '/api/mpesa-payment',
    expect: { mpesaOn: 200, mpesaOff: 503 },
    proves: 'the configuration loads and the KES rate is served (200), or M-Pesa is off as deployed (503)',
  },
  'mpesa-callback': {
    method: 'POST',
    path: '/api/mpesa/callback/preTrafficCheck0000000000000000000000000000',
    body: JSON.stringify({ pre: 'traffic-check' }),
    expect: { mpesaOn: 400, mpesaOff: 404 },
    proves: 'the Daraja settings and secrets load and a body that is not a callback is refused (400; 404 with M-Pesa off)',
  },
};
