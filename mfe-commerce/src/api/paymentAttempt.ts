/**
 * The key of the payment attempt under way on this page, sent as the Idempotency-Key of each request
 * that starts a payment (@kesho/site-rules/payment-attempt): a double tap, a retry after a timeout or a
 * reload while the phone is ringing sends the same key, so the server answers with the payment it
 * already started instead of a second one. Another package, method or phone is another attempt.
 *
 * It lives in the page's history entry (not in browser storage: nothing new is kept about the
 * visitor), so it survives a reload of this page and is gone with the tab; a new visit to /payment
 * is a new attempt. The entry is the shell's router's, reached through the shell-kit contract.
 */
import type { ShellApi } from '@kesho/shell-kit';

/** The page's history entry, as the shell gives it (`useShell()`). */
export type AttemptHistory = Pick<ShellApi, 'historyState' | 'setHistoryState'>;

const STATE_FIELD = 'keshoPaymentAttempt';

interface StoredAttempt {
  readonly key: string;
  /** A hash of the request the key was made for: another request gets another key. */
  readonly request: string;
}

/** 128 random bits, base64url: 22 characters. */
function newKey(): string {
  const bytes = crypto.getRandomValues(new Uint8Array(16));
  return btoa(String.fromCharCode(...bytes))
    .replace(/\+/g, '-')
    .replace(/\//g, '_')
    .replace(/=+$/, '');
}

/** A short hash of the request (53-bit, not secret: the server compares the full request itself). */
function requestHash(text: string): string {
  let h1 = 0xdeadbeef;
  let h2 = 0x41c6ce57;
  for (let index = 0; index < text.length; index += 1) {
    const code = text.charCodeAt(index);
    h1 = Math.imul(h1 ^ code, 2654435761);
    h2 = Math.imul(h2 ^ code, 1597334677);
  }
  h1 = Math.imul(h1 ^ (h1 >>> 16), 2246822507) ^ Math.imul(h2 ^ (h2 >>> 13), 3266489909);
  h2 = Math.imul(h2 ^ (h2 >>> 16), 2246822507) ^ Math.imul(h1 ^ (h1 >>> 13), 3266489909);
  return (4294967296 * (2097151 & h2) + (h1 >>> 0)).toString(36);
}

function currentState(history: AttemptHistory): Record<string, unknown> {
  const state = history.historyState();
  return typeof state === 'object' && state !== null ? (state as Record<string, unknown>) : {};
}

/** The key for this request: the attempt's own if it is the same request again, else a new one. */
export function paymentAttemptKey(history: AttemptHistory, request: unknown): string {
  const hash = requestHash(JSON.stringify(request));
  const state = currentState(history);
  const stored = state[STATE_FIELD] as Partial<StoredAttempt> | undefined;
  if (stored && stored.request === hash && typeof stored.key === 'string') return stored.key;
  const attempt: StoredAttempt = { key: newKey(), request: hash };
  history.setHistoryState({ ...state, [STATE_FIELD]: attempt });
  return attempt.key;
}

/** The attempt ended without a payment (the payer declined on the phone): the next try is a new attempt. */
export function endPaymentAttempt(history: AttemptHistory): void {
  const state = currentState(history);
  if (!(STATE_FIELD in state)) return;
  const { [STATE_FIELD]: _ended, ...rest } = state;
  history.setHistoryState(rest);
}
