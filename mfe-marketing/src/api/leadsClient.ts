/**
 * The two calls the marketing pages make: the contact form's enquiry and the newsletter sign-up.
 * fetch, not axios: two small JSON posts do not justify a library on content pages. Every failure
 * becomes a sentence a visitor can act on, never an exception.
 */
export const ENQUIRIES_ENDPOINT = '/api/enquiries';
export const SUBSCRIPTIONS_ENDPOINT = '/api/subscriptions';

const TIMEOUT_MS = 20_000;

export type LeadAnswer = { readonly ok: true; readonly message: string } | { readonly ok: false; readonly message: string; readonly fieldErrors: Readonly<Record<string, string>> };

export async function postLead(endpoint: string, body: Readonly<Record<string, string>>, fallbackError: string): Promise<LeadAnswer> {
  let response: Response;
  try {
    response = await fetch(endpoint, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Accept: 'application/json' },
      body: JSON.stringify(body),
      signal: AbortSignal.timeout(TIMEOUT_MS),
    });
  } catch {
    return { ok: false, message: fallbackError, fieldErrors: {} };
  }
  const answer = (await response.json().catch(() => null)) as { message?: unknown; error?: unknown; fieldErrors?: unknown } | null;
  const text = (value: unknown) => (typeof value === 'string' && value.trim() !== '' ? value : null);
  if (response.ok) return { ok: true, message: text(answer?.message) ?? '' };
  const fieldErrors: Record<string, string> = {};
  if (answer && typeof answer.fieldErrors === 'object' && answer.fieldErrors !== null) {
    for (const [name, message] of Object.entries(answer.fieldErrors)) if (typeof message === 'string') fieldErrors[name] = message;
  }
  // Only our own API's sentences are shown; a proxy's error page is replaced by the fallback.
  return { ok: false, message: text(answer?.error) ?? fallbackError, fieldErrors };
}
