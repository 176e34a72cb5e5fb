/**
 * POST /api/enquiries: the contact form. JSON (the enhanced form) gets a JSON answer; a plain form
 * post (JavaScript off, or sent before the page's script started) gets 303 to the contact page with
 * the outcome in the query and the fragment, which the prerendered page shows without scripts.
 */
import { contactStatusLocation, contactStatusTexts, type ContactStatus } from '@kesho/site-rules/lead-status';
import type { AppConfig } from '../config';
import { clientAddress, type ApiGatewayResult, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { CROSS_SITE_MESSAGE, isCrossSitePost } from '../http/crossSite';
import { readFormBody } from '../http/formBody';
import { errorResponse, json, methodNotAllowed, seeOther } from '../http/responses';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import { createSubmitEnquiry, leadLimitsOf, type SubmitEnquiry } from '../leads/enquiries';
import { createRateLimiter } from '../leads/rateLimit';
import type { Logger } from '../log';
import { createFunctionMail } from '../mail/runtime';
import type { BusinessMetrics } from '../metrics';
import { awsDocumentClient } from '../clients/dynamo';
import { tracing } from '../clients/tracing';

export interface EnquiriesServices {
  readonly config: Pick<AppConfig, 'publicSiteUrl' | 'clientAddressHeader'>;
  readonly logger: Logger;
  readonly metrics: BusinessMetrics;
  readonly submitEnquiry: SubmitEnquiry;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createEnquiriesHandler({ config, logger, metrics, submitEnquiry }: EnquiriesServices): HttpHandler {
  return (event) =>
    respondSafely(
      'enquiries',
      async () => {
        if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
        const refused = (reason: string) => metrics.count('enquiriesRefused', {}, { reason });
        if (isCrossSitePost(event, config.publicSiteUrl)) {
          refused('cross-site');
          return errorResponse(403, CROSS_SITE_MESSAGE);
        }
        const body = readFormBody(event);
        const answer = (status: ContactStatus, answerJson: () => ApiGatewayResult) => (body.kind === 'form' ? seeOther(contactStatusLocation(status)) : answerJson());
        if (!body.ok) {
          refused('unreadable-body');
          return answer('invalid', () => errorResponse(body.status, body.message));
        }

        const result = await submitEnquiry(body.fields, { ip: clientAddress(event, config.clientAddressHeader) });
        switch (result.kind) {
          case 'accepted':
          case 'ignored':
            // The honeypot is answered like a success, so a bot learns nothing; only the metric tells them apart.
            if (result.kind === 'accepted') metrics.count('enquiriesAccepted');
            else refused('honeypot');
            return answer('sent', () => json(200, { status: 'sent', message: contactStatusTexts.sent.text }));
          case 'invalid':
            refused('invalid');
            return answer('invalid', () => errorResponse(400, 'Some details are missing or not valid.', result.fieldErrors));
          case 'rate-limited':
            refused('rate-limited');
            return answer('rate-limited', () => errorResponse(429, contactStatusTexts['rate-limited'].text, undefined, { 'Retry-After': String(result.retryAfterSeconds) }));
          case 'send-failed':
            return answer('unavailable', () => errorResponse(503, contactStatusTexts.unavailable.text, undefined, { 'Retry-After': '60' }));
        }
        return result satisfies never;
      },
      logger,
    );
}

/** In AWS: configuration (the function's start) → clients → services → handler, once per container (lambda.ts). */
export function buildEnquiries(start: FunctionStart): HttpHandler {
  const { config, logger, metrics, clock } = start;
  const dynamo = awsDocumentClient();
  const mail = createFunctionMail(start, dynamo);
  const submitEnquiry = createSubmitEnquiry({
    dynamo,
    tableName: config.ordersTable,
    outbox: mail.outbox,
    supportEmail: mail.supportEmail,
    rateLimiter: createRateLimiter(dynamo, config.ordersTable, clock),
    limits: leadLimitsOf(config),
    clock,
    logger,
  });
  return createEnquiriesHandler({ config, logger, metrics, submitEnquiry });
}

export const handler: HttpHandler = lambdaHttpHandler('enquiries', buildEnquiries, { tracing });
