/** The newsletter's service (subscriptions.ts), with the link-signing secret of a function that reads it. */
import { mailRuntime } from '../mail/parts';
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { resolveSecret, secretReader } from '../runtime/secrets';
import { leadLimits, leadRateLimiter } from './parts';
import { createSubscriptions, type Subscriptions } from './subscriptions';
import { createTokenSigner } from './tokens';

/** null in a function that does not read the newsletter's link-signing secret. */
export const subscriptions = part(async (foundation): Promise<Subscriptions | null> => {
  const { config } = foundation;
  if (config.leads.tokenSecret === undefined) return null;
  const tokenSecret = await resolveSecret('newsletterTokenSecret', config.leads.tokenSecret, secretReader(foundation));
  return createSubscriptions({
    dynamo: dynamoDocuments(foundation),
    tableName: config.ordersTable,
    outbox: mailRuntime(foundation).outbox,
    tokens: createTokenSigner(tokenSecret),
    publicSiteUrl: config.publicSiteUrl,
    rateLimiter: leadRateLimiter(foundation),
    limits: leadLimits(foundation),
    clock: foundation.clock,
    logger: foundation.logger,
  });
});
