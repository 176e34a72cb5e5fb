/**
 * The key a per-address limit counts: one mailbox however it is spelt. Case and a `+tag` of the local
 * part never reach another mailbox at the providers visitors use, nor do dots at Gmail, so
 * `A.Mwangi+1@GoogleMail.com` and `amwangi+2@gmail.com` count as one. The address stored and mailed
 * stays as typed; only the counting changes.
 */
const DOTLESS_DOMAINS: Readonly<Record<string, string>> = { 'gmail.com': 'gmail.com', 'googlemail.com': 'gmail.com' };

export function addressKey(email: string): string {
  const address = email.trim().toLowerCase();
  const at = address.lastIndexOf('@');
  if (at <= 0) return address;
  let local = address.slice(0, at);
  let domain = address.slice(at + 1).replace(/\.+$/, '');
  const plus = local.indexOf('+');
  if (plus > 0) local = local.slice(0, plus);
  const dotless = DOTLESS_DOMAINS[domain];
  if (dotless) {
    local = local.replaceAll('.', '');
    domain = dotless;
  }
  return `${local}@${domain}`;
}
