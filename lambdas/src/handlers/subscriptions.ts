/**
 * The newsletter:
 *   POST /api/subscriptions                   sign up (JSON → JSON; a form post → 303 to /blog)
 *   GET  /api/subscriptions/confirm?token=…    the link in the confirmation mail: a page with one button
 *   POST /api/subscriptions/confirm?token=…    that button → 303 to /blog
 *   GET  /api/subscriptions/unsubscribe?token=… the link in every mail: a page with one button
 *   POST /api/subscriptions/unsubscribe?token=… that button → 303 to /blog; RFC 8058 one-click
 *                                              (body List-Unsubscribe=One-Click) → 200 JSON
 * A link already used, expired or forged skips the page: 303 to /blog saying so.
 */
import { newsletterStatusLocation, newsletterStatusTexts, type NewsletterStatus } from '@kesho/site-rules/lead-status';
import { SecretNotGivenError } from '../config';
import { clientAddress, queryParameter, rawBody, type ApiGatewayEvent, type ApiGatewayResult, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { CROSS_SITE_MESSAGE, isCrossSitePost } from '../http/crossSite';
import { readFormBody } from '../http/formBody';
import { errorResponse, html, json, methodNotAllowed, seeOther } from '../http/responses';
import { linkPageDocument } from '../leads/linkPage';
import { SUBSCRIPTIONS_PATH, type LinkResult } from '../leads/subscriptions';
import type { AppConfig } from '../config';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import { leadLimitsOf } from '../leads/enquiries';
import { createRateLimiter } from '../leads/rateLimit';
import { createSubscriptions, type Subscriptions } from '../leads/subscriptions';
import { createTokenSigner } from '../leads/tokens';
import type { Logger } from '../log';
import { createFunctionMail } from '../mail/runtime';
import type { BusinessMetrics } from '../metrics';
import { awsDocumentClient } from '../clients/dynamo';
import { awsSecretReader, resolveSecret, type SecretReader } from '../clients/secrets';
import { tracing } from '../clients/tracing';

export interface SubscriptionsServices {
  readonly config: Pick<AppConfig, 'publicSiteUrl' | 'clientAddressHeader'>;
  readonly logger: Logger;
  readonly metrics: BusinessMetrics;
  /** null in a function that does not read the newsletter's link-signing secret: every request is then a plain 500. */
  readonly subscriptions: Subscriptions | null;
}

const LINK_STATUS: Readonly<Record<LinkResult, NewsletterStatus>> = {
  confirmed: 'confirmed',
  unsubscribed: 'unsubscribed',
  expired: 'expired',
  invalid: 'link-invalid',
};

/** RFC 8058's body, form-encoded or multipart. */
function isOneClickUnsubscribe(event: ApiGatewayEvent): boolean {
  const body = rawBody(event).toString('utf8');
  return /(?:^|&)List-Unsubscribe=One-Click(?:&|$)/.test(body.trim()) || /name="List-Unsubscribe"\r?\n(?:[^\r\n]+\r?\n)*\r?\nOne-Click\r?\n/.test(body);
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createSubscriptionsHandler({ config, logger, metrics, subscriptions }: SubscriptionsServices): HttpHandler {
  return (event) =>
    respondSafely(
      'subscriptions',
      async () => {
        const method = event.requestContext.http.method;
        const path = event.rawPath.replace(/\/+$/, '');
        if (!subscriptions) throw new SecretNotGivenError('newsletterTokenSecret');
        const signUp = path === SUBSCRIPTIONS_PATH && method === 'POST';
        const refused = (reason: string) => {
          if (signUp) metrics.count('signUpsRefused', {}, { reason });
        };
        if (method === 'POST' && isCrossSitePost(event, config.publicSiteUrl)) {
          refused('cross-site');
          return errorResponse(403, CROSS_SITE_MESSAGE);
        }
        const token = queryParameter(event, 'token') ?? '';

        for (const purpose of ['confirm', 'unsubscribe'] as const) {
          if (path !== `${SUBSCRIPTIONS_PATH}/${purpose}`) continue;
          // A GET (a person, or a mail scanner opening every link) only shows the button; its POST acts.
          if (method === 'GET') {
            const check = await subscriptions.check(token, purpose);
            if (check.kind === 'done') return seeOther(newsletterStatusLocation(LINK_STATUS[check.result]));
            return html(200, linkPageDocument(purpose, `${SUBSCRIPTIONS_PATH}/${purpose}?token=${encodeURIComponent(token)}`));
          }
          if (method !== 'POST') return methodNotAllowed(['GET', 'POST']);
          const result = purpose === 'confirm' ? await subscriptions.confirm(token) : await subscriptions.unsubscribe(token);
          if (purpose === 'unsubscribe' && isOneClickUnsubscribe(event)) {
            // RFC 8058: the mail client posts on the reader's behalf and reads only the status.
            return result === 'unsubscribed' ? json(200, { status: 'unsubscribed' }) : errorResponse(400, newsletterStatusTexts[LINK_STATUS[result]].title);
          }
          return seeOther(newsletterStatusLocation(LINK_STATUS[result]));
        }
        if (path !== SUBSCRIPTIONS_PATH) return errorResponse(404, 'Not found.');
        if (method !== 'POST') return methodNotAllowed(['POST']);

        const body = readFormBody(event);
        const answer = (status: NewsletterStatus, answerJson: () => ApiGatewayResult) => (body.kind === 'form' ? seeOther(newsletterStatusLocation(status)) : answerJson());
        if (!body.ok) {
          refused('unreadable-body');
          return answer('invalid', () => errorResponse(body.status, body.message));
        }

        const result = await subscriptions.subscribe(body.fields, { ip: clientAddress(event, config.clientAddressHeader) });
        switch (result.kind) {
          case 'pending':
          case 'ignored':
            // The honeypot is answered like a success, so a bot learns nothing; only the metric tells them apart.
            if (result.kind === 'pending') metrics.count('signUpsAccepted');
            else refused('honeypot');
            return answer('pending', () => json(202, { status: 'pending', message: newsletterStatusTexts.pending.text }));
          case 'invalid':
            refused('invalid');
            return answer('invalid', () => errorResponse(400, newsletterStatusTexts.invalid.text, result.fieldErrors));
          case 'rate-limited':
            refused('rate-limited');
            return answer('rate-limited', () => errorResponse(429, newsletterStatusTexts['rate-limited'].text, undefined, { 'Retry-After': String(result.retryAfterSeconds) }));
          case 'send-failed':
            return answer('unavailable', () => errorResponse(503, newsletterStatusTexts.unavailable.text, undefined, { 'Retry-After': '60' }));
        }
        return result satisfies never;
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients → services → handler, once per container
 * (lambda.ts). `given.secrets` stands in for Secrets Manager (tests).
 */
export async function buildSubscriptions(start: FunctionStart, given: { readonly secrets?: SecretReader } = {}): Promise<HttpHandler> {
  const { config, logger, metrics, clock } = start;
  const dynamo = awsDocumentClient();
  const source = config.leads.tokenSecret;
  const tokenSecret = source === undefined ? undefined : await resolveSecret('newsletterTokenSecret', source, given.secrets ?? awsSecretReader());
  const mail = createFunctionMail(start, dynamo);
  const subscriptions =
    tokenSecret === undefined
      ? null
      : createSubscriptions({
          dynamo,
          tableName: config.ordersTable,
          outbox: mail.outbox,
          tokens: createTokenSigner(tokenSecret),
          publicSiteUrl: config.publicSiteUrl,
          rateLimiter: createRateLimiter(dynamo, config.ordersTable, clock),
          limits: leadLimitsOf(config),
          clock,
          logger,
        });
  return createSubscriptionsHandler({ config, logger, metrics, subscriptions });
}

export const handler: HttpHandler = lambdaHttpHandler('subscriptions', (start) => buildSubscriptions(start), { tracing });
