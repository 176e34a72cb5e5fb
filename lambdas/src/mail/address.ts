/** A mailbox as MAIL_FROM and the mails' fields write it: `Name <address>`, `"Name" <address>` or a bare address. */
export interface Mailbox {
  /** The display name without its quotes; '' for a bare address. */
  readonly name: string;
  readonly address: string;
}

export function splitMailbox(mailbox: string): Mailbox {
  const named = /^(.*?)\s*<([^<>]+)>$/.exec(mailbox.trim());
  return named ? { name: named[1]!.replace(/^"(.*)"$/, '$1'), address: named[2]!.trim() } : { name: '', address: mailbox.trim() };
}

/**
 * Whether a setting names one e-mail address (SUPPORT_EMAIL, the address in MAIL_FROM, the local
 * server's ALARM_EMAIL): no display name, no list, no quotes or spaces.
 */
export function isOneAddress(value: string): boolean {
  return /^[^\s@<>",;]+@[^\s@<>",;]+\.[^\s@<>",;]+$/.test(value);
}

/** The part after the last `@` ('' when there is none). */
export function domainOf(address: string): string {
  const at = address.lastIndexOf('@');
  return at < 0 ? '' : address.slice(at + 1);
}
