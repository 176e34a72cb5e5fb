/**
 * The sandbox's test payment page (only without a Stripe key; with one, these addresses are 404):
 *   GET  /api/sandbox/checkout/<sessionId>          the page
 *   POST /api/sandbox/checkout/<sessionId>/pay      pay, then 303 to /payment-success?session_id=…
 *   POST /api/sandbox/checkout/<sessionId>/decline  decline, then 303 to /payment-failure
 */
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';
import type { HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { errorResponse, html, methodNotAllowed, seeOther } from '../http/responses';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';
import { createFunctionCardConfirmation } from '../orders/cardConfirmation';
import { SANDBOX_CHECKOUT_PATH, SANDBOX_SESSION_ID_PATTERN } from '../payments/sandbox';
import { createSandboxCheckout, type SandboxCheckout } from '../payments/sandboxCheckout';
import { renderSandboxCheckout, renderSandboxNotFound } from '../payments/sandboxPage';

export interface SandboxCheckoutServices {
  readonly logger: Logger;
  /** null with Stripe configured: the test checkout does not exist. */
  readonly sandboxCheckout: SandboxCheckout | null;
}

const ROUTE = new RegExp(`^${SANDBOX_CHECKOUT_PATH}/([^/]+)(?:/(pay|decline))?/?$`);

/** The handler over its services: the local runtime's (local/api.ts), a test's. */
export function createSandboxCheckoutHandler({ logger, sandboxCheckout: sandbox }: SandboxCheckoutServices): HttpHandler {
  return (event) =>
    respondSafely(
      'sandbox-checkout',
      async () => {
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
      },
      logger,
    );
}

/**
 * Built as a deployed function would be: configuration (the function's start) → clients → services
 * (the sandbox's payments, the card confirmation with its receipts) → handler (lambda.ts). Never
 * deployed (a local-only page), but its module is a handler like the others. `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildSandboxCheckout(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const { card, confirmOrder } = await createFunctionCardConfirmation(start, awsDocumentClient(), () => given.secrets ?? awsSecretReader());
  return createSandboxCheckoutHandler({ logger: start.logger, sandboxCheckout: card.sandbox ? createSandboxCheckout(card.sandbox, confirmOrder) : null });
}

export const handler: HttpHandler = lambdaHttpHandler('sandbox-checkout', (start) => buildSandboxCheckout(start), { tracing });
