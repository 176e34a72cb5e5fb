/**
 * The sandbox's test payment page (only without a Stripe key; with one, these addresses are 404):
 *   GET  /api/sandbox/checkout/<sessionId>          the page
 *   POST /api/sandbox/checkout/<sessionId>/pay      pay, then 303 to /payment-success?session_id=…
 *   POST /api/sandbox/checkout/<sessionId>/decline  decline, then 303 to /payment-failure
 */
import type { HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, html, methodNotAllowed, seeOther } from '../http/responses';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_SESSION_ID_PATTERN } from '../payments/sandbox';
import { renderSandboxCheckout, renderSandboxNotFound } from '../payments/sandboxPage';
import { defineFunction } from '../runtime/context';
import { tracing } from '../runtime/tracing';
import { sandboxCheckout } from '../orders/settleParts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('sandbox-checkout', { sandboxCheckout }, { tracing });

const ROUTE = new RegExp(`^${SANDBOX_CHECKOUT_PATH}/([^/]+)(?:/(pay|decline))?/?$`);

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('sandbox-checkout', async () => {
    const { services } = await runtime.current();
    const sandbox = services.sandboxCheckout;
    if (!sandbox) return errorResponse(404, 'Not found.');

    const match = ROUTE.exec(event.rawPath);
    const sessionId = match?.[1] ?? '';
    const action = match?.[2];
    if (!SANDBOX_SESSION_ID_PATTERN.test(sessionId)) return html(404, renderSandboxNotFound());
    const method = event.requestContext.http.method;

    if (!action) {
      if (method !== 'GET' && method !== 'HEAD') return methodNotAllowed(['GET']);
      const view = await sandbox.view(sessionId);
      return view ? html(200, renderSandboxCheckout(view)) : html(404, renderSandboxNotFound());
    }

    if (method !== 'POST') return methodNotAllowed(['POST']);
    const next = action === 'pay' ? await sandbox.pay(sessionId) : await sandbox.decline(sessionId);
    return next ? seeOther(next) : html(404, renderSandboxNotFound());
  }),
);
