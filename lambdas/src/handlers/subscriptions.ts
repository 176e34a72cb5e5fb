/**
 * The newsletter:
 *   POST /api/subscriptions                   sign up (JSON → JSON; a form post → 303 to /blog)
 *   GET  /api/subscriptions/confirm?token=…    the link in the confirmation mail → 303 to /blog
 *   GET  /api/subscriptions/unsubscribe?token=… the link in every mail → 303 to /blog
 *   POST /api/subscriptions/unsubscribe?token=… one-click unsubscribe (RFC 8058, List-Unsubscribe-Post)
 */
import { newsletterStatusLocation, newsletterStatusTexts, type NewsletterStatus } from '@kesho/common/lead-status';
import { SecretNotGivenError } from '../config';
import { clientAddress, queryParameter, type ApiGatewayResult, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { CROSS_SITE_MESSAGE, isCrossSitePost } from '../http/crossSite';
import { readFormBody } from '../http/formBody';
import { errorResponse, json, methodNotAllowed, seeOther } from '../http/responses';
import { SUBSCRIPTIONS_PATH, type LinkResult } from '../leads/subscriptions';
import { currentRuntime } from '../runtime/context';

const LINK_STATUS: Readonly<Record<LinkResult, NewsletterStatus>> = {
  confirmed: 'confirmed',
  unsubscribed: 'unsubscribed',
  expired: 'expired',
  invalid: 'link-invalid',
};

export const handler: HttpHandler = (event) =>
  respondSafely('subscriptions', async () => {
    const method = event.requestContext.http.method;
    const path = event.rawPath.replace(/\/+$/, '');
    const { services, config } = await currentRuntime('subscriptions');
    const { subscriptions } = services;
    if (!subscriptions) throw new SecretNotGivenError('newsletterTokenSecret');
    if (method === 'POST' && isCrossSitePost(event, config.publicSiteUrl)) return errorResponse(403, CROSS_SITE_MESSAGE);
    const token = queryParameter(event, 'token') ?? '';

    if (path === `${SUBSCRIPTIONS_PATH}/confirm`) {
      if (method !== 'GET') return methodNotAllowed(['GET']);
      return seeOther(newsletterStatusLocation(LINK_STATUS[await subscriptions.confirm(token)]));
    }
    if (path === `${SUBSCRIPTIONS_PATH}/unsubscribe`) {
      if (method === 'GET') return seeOther(newsletterStatusLocation(LINK_STATUS[await subscriptions.unsubscribe(token)]));
      if (method !== 'POST') return methodNotAllowed(['GET', 'POST']);
      const result = await subscriptions.unsubscribe(token);
      return result === 'unsubscribed' ? json(200, { status: 'unsubscribed' }) : errorResponse(400, newsletterStatusTexts[LINK_STATUS[result]].title);
    }
    if (path !== SUBSCRIPTIONS_PATH) return errorResponse(404, 'Not found.');
    if (method !== 'POST') return methodNotAllowed(['POST']);

    const body = readFormBody(event);
    const answer = (status: NewsletterStatus, answerJson: () => ApiGatewayResult) => (body.kind === 'form' ? seeOther(newsletterStatusLocation(status)) : answerJson());
    if (!body.ok) return answer('invalid', () => errorResponse(body.status, body.message));

    const result = await subscriptions.subscribe(body.fields, { ip: clientAddress(event, config.clientAddressHeader) });
    switch (result.kind) {
      case 'pending':
      case 'ignored':
        return answer('pending', () => json(202, { status: 'pending', message: newsletterStatusTexts.pending.text }));
      case 'invalid':
        return answer('invalid', () => errorResponse(400, newsletterStatusTexts.invalid.text, result.fieldErrors));
      case 'rate-limited':
        return answer('rate-limited', () => errorResponse(429, newsletterStatusTexts['rate-limited'].text, undefined, { 'Retry-After': String(result.retryAfterSeconds) }));
      case 'send-failed':
        return answer('unavailable', () => errorResponse(503, newsletterStatusTexts.unavailable.text, undefined, { 'Retry-After': '60' }));
    }
    return result satisfies never;
  });
