/** The contact form and the newsletter (src/leads/): the newsletter's link-signing secret and the per-hour limits. */
import type { FunctionSecret } from '@kesho/operations/function-secrets';
import { singleSecret } from './payments';
import type { ReadContext } from './problems';
import { checkSecretValue, type SecretSource } from './secrets';

export interface LeadsConfig {
  /** Signs the newsletter's confirm and unsubscribe links (HMAC-SHA256); only in a function that reads it. */
  readonly tokenSecret?: SecretSource;
  readonly perClientPerHour: number;
  readonly perAddressPerHour: number;
}

export const LEADS_DEFAULTS = {
  perClientPerHour: 30,
  perAddressPerHour: 5,
  /**
   * Outside production (npm start, tests, a team's local checks) the forms are exercised again and again
   * from one machine and one test address: the same rule, with room for that.
   */
  localPerClientPerHour: 600,
  localPerAddressPerHour: 60,
} as const;

/**
 * Only for development and tests: links signed with it are forgeable by anyone who reads this file,
 * which is why production refuses to start without SUBSCRIPTION_TOKEN_SECRET(_ARN).
 */
export const DEVELOPMENT_TOKEN_SECRET = 'kesho-local-development-only-subscription-token-secret';

export function readLeadsConfig(context: ReadContext, needs: ReadonlySet<FunctionSecret>): LeadsConfig {
  const { read, production, problems } = context;
  let tokenSecret = singleSecret(context, needs, 'newsletterTokenSecret');
  if (needs.has('newsletterTokenSecret') && !tokenSecret) {
    if (production) problems.missing.push('SUBSCRIPTION_TOKEN_SECRET (or SUBSCRIPTION_TOKEN_SECRET_ARN)');
    tokenSecret = { kind: 'value', value: DEVELOPMENT_TOKEN_SECRET };
  } else {
    checkSecretValue(problems, 'newsletterTokenSecret', tokenSecret);
  }
  const perHour = (name: string, fallback: number): number => {
    const text = read(name);
    if (text === undefined) return fallback;
    const value = Number(text);
    if (!Number.isInteger(value) || value < 1 || value > 10_000) problems.invalid.push(`${name} must be a whole number from 1 to 10000`);
    return value;
  };
  return {
    ...(tokenSecret ? { tokenSecret } : {}),
    perClientPerHour: perHour('LEADS_RATE_LIMIT_PER_CLIENT', production ? LEADS_DEFAULTS.perClientPerHour : LEADS_DEFAULTS.localPerClientPerHour),
    perAddressPerHour: perHour('LEADS_RATE_LIMIT_PER_ADDRESS', production ? LEADS_DEFAULTS.perAddressPerHour : LEADS_DEFAULTS.localPerAddressPerHour),
  };
}
