/**
 * The SES identity every mail is sent from (receipts, their copies, enquiries, newsletter links), and
 * which functions may send from it: those whose entry in @kesho/operations/functions says `sendsMail` (the
 * five that can make an order paid and so send its receipt, and the two forms), from that identity only.
 */
import { CfnOutput, type Stack } from 'aws-cdk-lib';
import type { IGrantable } from 'aws-cdk-lib/aws-iam';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { DEPLOYED_FUNCTIONS, type DeployedFunctionName } from '@kesho/operations/functions';

export interface MailSettings {
  /** The SES identity mail is sent from: a domain (`keshoglobal.co.ke`) or one address. */
  readonly identity: string;
  /** The From header; its address must belong to the identity. */
  readonly from: string;
  /** Receives receipt copies and enquiries. */
  readonly supportEmail: string;
}

export const MAIL_SENDERS: readonly DeployedFunctionName[] = DEPLOYED_FUNCTIONS.filter(([, spec]) => spec.sendsMail).map(([name]) => name);

export class MailIdentity {
  readonly identity: EmailIdentity;
  private readonly settings: MailSettings;

  /** Built in the stack's own scope, so the identity keeps its logical id. */
  constructor(stack: Stack, settings: MailSettings) {
    this.settings = settings;
    // A domain identity is verified by the DKIM records in the outputs; an address by SES's e-mail to it.
    this.identity = new EmailIdentity(stack, 'MailIdentity', {
      identity: settings.identity.includes('@') ? Identity.email(settings.identity) : Identity.domain(settings.identity),
    });
  }

  /** ses:SendEmail/SendRawEmail on this identity for the MAIL_SENDERS, nobody else. */
  grantSending(functions: Readonly<Record<DeployedFunctionName, IGrantable>>): void {
    for (const sender of MAIL_SENDERS) this.identity.grantSendEmail(functions[sender]);
  }

  /** The identity's name and, for a domain, the three CNAME records that verify it (Easy DKIM); ops add them to its DNS zone. */
  addOutputs(stack: Stack): void {
    new CfnOutput(stack, 'MailIdentityName', { value: this.settings.identity });
    if (this.settings.identity.includes('@')) return;
    this.identity.dkimRecords.forEach((record, index) => {
      new CfnOutput(stack, `MailDkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
    });
  }
}
