/** The contact form's service (enquiries.ts) and the per-hour limits the forms share; no secret is read here. */
import { mailRuntime } from '../mail/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import type { AppConfig } from '../config';
import { part } from '../runtime/foundation';
import { createSubmitEnquiry, leadLimitsOf, type LeadLimits } from './enquiries';
import { rateLimiter } from './rateLimit';

/** The limiter the forms count with (the payments' limits use the same one). */
export const leadRateLimiter = rateLimiter;

/** The limits alone: the services never see the configuration's secret source. */
export const leadLimits = ({ config }: { readonly config: AppConfig }): LeadLimits => leadLimitsOf(config);

export const submitEnquiry = part((foundation) => {
  const mail = mailRuntime(foundation);
  return createSubmitEnquiry({
    dynamo: dynamoDocuments(foundation),
    tableName: foundation.config.ordersTable,
    outbox: mail.outbox,
    supportEmail: mail.supportEmail,
    rateLimiter: leadRateLimiter(foundation),
    limits: leadLimits(foundation),
    clock: foundation.clock,
    logger: foundation.logger,
  });
});
