/** Builds the contact and newsletter services from the runtime's clients (see runtime/runtime.ts). */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { AppConfig } from '../config';
import type { Logger } from '../log';
import type { Outbox } from '../mail/types';
import { createSubmitEnquiry, type SubmitEnquiry } from './enquiries';
import { createRateLimiter } from './rateLimit';
import { createSubscriptions, type Subscriptions } from './subscriptions';
import { createTokenSigner } from './tokens';

export interface LeadServices {
  readonly submitEnquiry: SubmitEnquiry;
  /** null in a function that does not read the newsletter's link-signing secret. */
  readonly subscriptions: Subscriptions | null;
}

export interface LeadServiceDeps {
  readonly config: AppConfig;
  readonly dynamo: DynamoDBDocumentClient;
  readonly outbox: Outbox;
  readonly supportEmail: string;
  /** The resolved token secret (from the environment or Secrets Manager); only where it is read. */
  readonly tokenSecret: string | undefined;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export function createLeadServices(deps: LeadServiceDeps): LeadServices {
  const { config, dynamo, clock, logger, outbox, tokenSecret } = deps;
  const rateLimiter = createRateLimiter(dynamo, config.ordersTable, clock);
  const limits = { perClientPerHour: config.leads.perClientPerHour, perAddressPerHour: config.leads.perAddressPerHour };
  return {
    submitEnquiry: createSubmitEnquiry({ dynamo, tableName: config.ordersTable, outbox, supportEmail: deps.supportEmail, rateLimiter, limits, clock, logger }),
    subscriptions:
      tokenSecret === undefined
        ? null
        : createSubscriptions({
            dynamo,
            tableName: config.ordersTable,
            outbox,
            tokens: createTokenSigner(tokenSecret),
            publicSiteUrl: config.publicSiteUrl,
            rateLimiter,
            limits,
            clock,
            logger,
          }),
  };
}
