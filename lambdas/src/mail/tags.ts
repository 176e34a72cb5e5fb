/**
 * The SES message tag that names the outbox key a message was sent under (sesTransport.ts writes it,
 * events.ts reads it back from the message's events). SES tag values allow letters, digits, `_` and
 * `-` only, up to 256 characters, so the key is written as base64url of its UTF-8.
 */
export const OUTBOX_TAG = 'outbox';

export function outboxTagValue(key: string): string {
  return Buffer.from(key, 'utf8').toString('base64url');
}

/** The outbox key an `outbox` tag names, or null when the value is not one. */
export function outboxKeyOfTag(value: string): string | null {
  if (!/^[A-Za-z0-9_-]{1,256}$/.test(value)) return null;
  const key = Buffer.from(value, 'base64url').toString('utf8');
  return key.length > 0 && outboxTagValue(key) === value ? key : null;
}
