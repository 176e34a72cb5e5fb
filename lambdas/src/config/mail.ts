/** Outgoing e-mail: the transport, the From header and the support mailbox. */
import { site } from '@kesho/site-rules/site';
import { isOneAddress, splitMailbox } from '../mail/address';
import type { ReadContext } from './problems';

export interface MailConfig {
  /** 'file': `.eml` files under the data folder (local default); 'ses': Amazon SES (required in production). */
  readonly transport: 'file' | 'ses';
  /** The From header. */
  readonly from: string;
  /** Receives copies of receipts and the enquiries. */
  readonly supportEmail: string;
  readonly sesConfigurationSet?: string;
}

export function readMailConfig({ read, production, problems }: ReadContext): MailConfig {
  const { missing, invalid } = problems;
  const transport = read('MAIL_TRANSPORT');
  if (transport === undefined && production) missing.push('MAIL_TRANSPORT');
  if (transport !== undefined && transport !== 'file' && transport !== 'ses') invalid.push('MAIL_TRANSPORT must be file or ses');
  // A Lambda's file system is thrown away with it: mail "sent" there would reach no one.
  if (transport === 'file' && production) invalid.push('MAIL_TRANSPORT must be ses in production');

  const supportEmail = read('SUPPORT_EMAIL') ?? site.email;
  if (!isOneAddress(supportEmail)) invalid.push('SUPPORT_EMAIL must be one e-mail address');
  const from = read('MAIL_FROM') ?? `${site.brand} <${site.email}>`;
  const fromAddress = splitMailbox(from).address;
  if (!isOneAddress(fromAddress) || /[\r\n]/.test(from)) invalid.push('MAIL_FROM must be an address or "Name <address>"');
  const sesConfigurationSet = read('SES_CONFIGURATION_SET');
  return { transport: transport === 'ses' ? 'ses' : 'file', from, supportEmail, ...(sesConfigurationSet !== undefined ? { sesConfigurationSet } : {}) };
}
