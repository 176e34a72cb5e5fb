/** `npm run smoke`'s settings (src/smoke.ts): which create-payment and enquiries functions it calls, and how. */
import { LOCAL_SERVER_ENDPOINT } from './localTools';
import type { Env } from './problems';

export interface SmokeConfig {
  /** Set: a deployed function through the default AWS credential chain; unset: the local runtime. */
  readonly target: 'aws' | 'local';
  readonly functionName: string;
  readonly endpoint: string | undefined;
  /** The enquiries function the smoke test sends one enquiry through; unset against AWS unless named. */
  readonly enquiriesFunctionName: string | undefined;
  /** Who the smoke enquiry comes from (receives the acknowledgement). */
  readonly enquiryEmail: string;
}

export const SMOKE_DEFAULTS = { endpoint: LOCAL_SERVER_ENDPOINT, functionName: 'create-payment' } as const;

export function loadSmokeConfig(env: Env = process.env): SmokeConfig {
  const functionName = env.SMOKE_FUNCTION_NAME?.trim();
  const endpoint = env.SMOKE_ENDPOINT?.trim();
  const enquiriesFunctionName = env.SMOKE_ENQUIRIES_FUNCTION_NAME?.trim() || undefined;
  const enquiryEmail = env.SMOKE_EMAIL?.trim();
  if (functionName) {
    // SES's mailbox simulator: the acknowledgement is accepted and discarded, never bouncing off a real domain.
    return { target: 'aws', functionName, endpoint: endpoint || undefined, enquiriesFunctionName, enquiryEmail: enquiryEmail || 'success@simulator.amazonses.com' };
  }
  return {
    target: 'local',
    functionName: SMOKE_DEFAULTS.functionName,
    endpoint: endpoint || SMOKE_DEFAULTS.endpoint,
    enquiriesFunctionName: enquiriesFunctionName ?? 'enquiries',
    enquiryEmail: enquiryEmail || 'smoke-test@example.com',
  };
}
