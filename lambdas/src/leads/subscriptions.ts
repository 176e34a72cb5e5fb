/**
 * Newsletter sign-ups with double opt-in. A sign-up stores the address as `pending` with the consent
 * text and its time, and mails a signed confirmation link; only the link moves it to `confirmed`, and
 * only confirmed subscriptions may be mailed. Pending sign-ups expire with DynamoDB TTL when their
 * link does. One record per address (pk `subscription#<hash of the address>`).
 *
 * Idempotent: a second sign-up within CONFIRMATION_RESEND_SECONDS sends nothing (a conditional write
 * on the time of the last confirmation mail), nor does a sign-up of a confirmed address. The answer
 * is the same in every case, so the form never tells anyone whether an address is subscribed.
 */
import { GetCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { HONEYPOT_FIELD, NEWSLETTER_CONSENT_TEXT, newsletterSchema } from '@kesho/site-rules/contact-schema';
import { UNCONFIRMED_SIGNUP_RETENTION_DAYS, UNSUBSCRIBED_RECORD_RETENTION_DAYS } from '@kesho/operations/retention';
import { site } from '@kesho/site-rules/site';
import type { Logger } from '../log';
import type { Outbox, OutgoingMail } from '../mail/types';
import { conditionalWrite } from '../conditionalWrite';
import { DEFAULT_LEAD_LIMITS, type LeadLimits } from './enquiries';
import { hashKey, type RateLimiter, type RateLimitRule } from './rateLimit';
import type { TokenPurpose, TokenSigner } from './tokens';
import { escapeHtml } from '../http/html';
import { validateFields } from './validate';
import { addressKey } from './addressKey';

export const CONFIRMATION_RESEND_SECONDS = 10 * 60;
/** The link lives exactly as long as the unconfirmed sign-up it confirms. */
export const CONFIRMATION_LINK_DAYS = UNCONFIRMED_SIGNUP_RETENTION_DAYS;
export const SUBSCRIPTIONS_PATH = '/api/subscriptions';

export type SubscribeResult =
  | { readonly kind: 'pending' }
  | { readonly kind: 'ignored' }
  | { readonly kind: 'invalid'; readonly fieldErrors: Readonly<Record<string, string>> }
  | { readonly kind: 'rate-limited'; readonly retryAfterSeconds: number }
  | { readonly kind: 'send-failed' };

export type LinkResult = 'confirmed' | 'unsubscribed' | 'expired' | 'invalid';

/** What a link would do, read without changing anything: `ready` when a person's press would change something. */
export type LinkCheck = { readonly kind: 'ready' } | { readonly kind: 'done'; readonly result: LinkResult };

export interface Subscriptions {
  subscribe(fields: Readonly<Record<string, string>>, client: { readonly ip: string }): Promise<SubscribeResult>;
  /** For the page a GET of a link shows (mail scanners open links): reads, never writes. */
  check(token: string, purpose: TokenPurpose): Promise<LinkCheck>;
  confirm(token: string): Promise<LinkResult>;
  unsubscribe(token: string): Promise<LinkResult>;
}

export interface SubscriptionDeps {
  readonly dynamo: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly outbox: Outbox;
  readonly tokens: TokenSigner;
  readonly publicSiteUrl: string;
  readonly rateLimiter: RateLimiter;
  readonly limits?: LeadLimits;
  readonly clock: () => Date;
  readonly logger: Logger;
}

export const subscriptionKey = (subscriptionId: string) => ({ pk: `subscription#${subscriptionId}` });

export function createSubscriptions(deps: SubscriptionDeps): Subscriptions {
  const limits = deps.limits ?? DEFAULT_LEAD_LIMITS;
  const perClient: RateLimitRule = { scope: 'subscribe-client', limit: limits.perClientPerHour, windowSeconds: 3600 };
  const perAddress: RateLimitRule = { scope: 'subscribe-address', limit: limits.perAddressPerHour, windowSeconds: 3600 };
  const epoch = (date: Date) => Math.floor(date.getTime() / 1000);

  return {
    async subscribe(fields, client) {
      if ((fields[HONEYPOT_FIELD] ?? '').trim() !== '') {
        deps.logger.warn('subscription.honeypot');
        return { kind: 'ignored' };
      }
      const clientHit = await deps.rateLimiter.hit(perClient, client.ip);
      if (clientHit.limited) return { kind: 'rate-limited', retryAfterSeconds: clientHit.retryAfterSeconds };
      const checked = validateFields(newsletterSchema, fields);
      if (!checked.ok) return { kind: 'invalid', fieldErrors: checked.fieldErrors };
      const email = checked.value.email;
      const addressHit = await deps.rateLimiter.hit(perAddress, addressKey(email));
      if (addressHit.limited) return { kind: 'rate-limited', retryAfterSeconds: addressHit.retryAfterSeconds };

      const subscriptionId = hashKey(email.toLowerCase());
      const now = deps.clock();
      const sentAt = now.toISOString();
      const linkExpiresAt = epoch(now) + CONFIRMATION_LINK_DAYS * 86_400;
      const claimed = await conditionalWrite(
        deps.dynamo.send(
          new UpdateCommand({
            TableName: deps.tableName,
            Key: subscriptionKey(subscriptionId),
            UpdateExpression: 'SET kind = :kind, email = :email, #status = :pending, consentText = :consentText, consentAt = :now, lastConfirmationSentAt = :now, expiresAt = :expiresAt',
            ConditionExpression: 'attribute_not_exists(pk) OR (#status <> :confirmed AND (attribute_not_exists(lastConfirmationSentAt) OR lastConfirmationSentAt < :cutoff))',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: {
              ':kind': 'subscription',
              ':email': email,
              ':pending': 'pending',
              ':confirmed': 'confirmed',
              ':consentText': NEWSLETTER_CONSENT_TEXT,
              ':now': sentAt,
              ':expiresAt': linkExpiresAt,
              ':cutoff': new Date(now.getTime() - CONFIRMATION_RESEND_SECONDS * 1000).toISOString(),
            },
          }),
        ),
      );
      if (!claimed) {
        deps.logger.info('subscription.not_resent', { subscriptionId });
        return { kind: 'pending' };
      }

      try {
        await deps.outbox.sendOnce(`subscription-confirm#${subscriptionId}#${sentAt}`, () =>
          confirmationMail(email, {
            confirmUrl: linkUrl(deps, 'confirm', deps.tokens.sign({ subscriptionId, purpose: 'confirm', expiresAt: linkExpiresAt })),
            unsubscribeUrl: linkUrl(deps, 'unsubscribe', deps.tokens.sign({ subscriptionId, purpose: 'unsubscribe', expiresAt: 0 })),
          }),
        );
      } catch (error) {
        deps.logger.error('subscription.mail_failed', { subscriptionId, error });
        // Let the next attempt send at once instead of waiting out the resend window.
        await conditionalWrite(
          deps.dynamo.send(
            new UpdateCommand({
              TableName: deps.tableName,
              Key: subscriptionKey(subscriptionId),
              UpdateExpression: 'REMOVE lastConfirmationSentAt',
              ConditionExpression: 'lastConfirmationSentAt = :sentAt',
              ExpressionAttributeValues: { ':sentAt': sentAt },
            }),
          ),
        );
        return { kind: 'send-failed' };
      }
      deps.logger.info('subscription.pending', { subscriptionId });
      return { kind: 'pending' };
    },

    async check(token, purpose) {
      const verified = deps.tokens.verify(token, purpose, deps.clock());
      if (!verified.ok) return { kind: 'done', result: verified.why };
      const record = await read(deps, verified.claims.subscriptionId);
      if (purpose === 'unsubscribe') return !record || record.status === 'unsubscribed' ? { kind: 'done', result: 'unsubscribed' } : { kind: 'ready' };
      if (!record || record.status === 'unsubscribed') return { kind: 'done', result: 'expired' };
      return record.status === 'confirmed' ? { kind: 'done', result: 'confirmed' } : { kind: 'ready' };
    },

    async confirm(token) {
      const check = deps.tokens.verify(token, 'confirm', deps.clock());
      if (!check.ok) return check.why;
      const { subscriptionId } = check.claims;
      const record = await read(deps, subscriptionId);
      // A pending sign-up removed by TTL, or an address that left since: the link is spent.
      if (!record || record.status === 'unsubscribed') return 'expired';
      if (record.status === 'confirmed') return 'confirmed';
      const confirmed = await conditionalWrite(
        deps.dynamo.send(
          new UpdateCommand({
            TableName: deps.tableName,
            Key: subscriptionKey(subscriptionId),
            UpdateExpression: 'SET #status = :confirmed, confirmedAt = :now REMOVE expiresAt',
            ConditionExpression: '#status = :pending',
            ExpressionAttributeNames: { '#status': 'status' },
            ExpressionAttributeValues: { ':confirmed': 'confirmed', ':pending': 'pending', ':now': deps.clock().toISOString() },
          }),
        ),
      );
      if (!confirmed) {
        const again = await read(deps, subscriptionId);
        return again?.status === 'confirmed' ? 'confirmed' : 'expired';
      }
      deps.logger.info('subscription.confirmed', { subscriptionId });
      return 'confirmed';
    },

    async unsubscribe(token) {
      const check = deps.tokens.verify(token, 'unsubscribe', deps.clock());
      if (!check.ok) return check.why;
      const { subscriptionId } = check.claims;
      const now = deps.clock();
      await deps.dynamo.send(
        new UpdateCommand({
          TableName: deps.tableName,
          Key: subscriptionKey(subscriptionId),
          UpdateExpression: 'SET kind = :kind, #status = :unsubscribed, unsubscribedAt = :now, expiresAt = :expiresAt REMOVE email',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':kind': 'subscription',
            ':unsubscribed': 'unsubscribed',
            ':now': now.toISOString(),
            ':expiresAt': epoch(now) + UNSUBSCRIBED_RECORD_RETENTION_DAYS * 86_400,
          },
        }),
      );
      deps.logger.info('subscription.unsubscribed', { subscriptionId });
      return 'unsubscribed';
    },
  };
}

async function read(deps: SubscriptionDeps, subscriptionId: string): Promise<{ status?: string } | undefined> {
  const result = await deps.dynamo.send(new GetCommand({ TableName: deps.tableName, Key: subscriptionKey(subscriptionId), ConsistentRead: true }));
  return result.Item as { status?: string } | undefined;
}

function linkUrl(deps: SubscriptionDeps, action: 'confirm' | 'unsubscribe', token: string): string {
  return `${deps.publicSiteUrl}${SUBSCRIPTIONS_PATH}/${action}?token=${encodeURIComponent(token)}`;
}

export function confirmationMail(email: string, links: { readonly confirmUrl: string; readonly unsubscribeUrl: string }): OutgoingMail {
  const intro = `Please confirm that you would like to receive new articles from ${site.brand} at this address.`;
  const expiry = `The link works for ${CONFIRMATION_LINK_DAYS} days. If you did not sign up, ignore this email and nothing more will be sent.`;
  const leave = 'To stop these emails at any time, unsubscribe here:';
  return {
    to: email,
    subject: `Please confirm your subscription to ${site.brand}`,
    headers: { 'List-Unsubscribe': `<${links.unsubscribeUrl}>`, 'List-Unsubscribe-Post': 'List-Unsubscribe=One-Click' },
    text: [
      intro,
      '',
      `Confirm your subscription: ${links.confirmUrl}`,
      '',
      expiry,
      '',
      `What you agreed to: ${NEWSLETTER_CONSENT_TEXT}`,
      '',
      `${leave} ${links.unsubscribeUrl}`,
      '',
      site.brand,
      site.email,
    ].join('\n'),
    html: [
      `<p>${escapeHtml(intro)}</p>`,
      `<p><a href="${escapeHtml(links.confirmUrl)}">Confirm your subscription</a></p>`,
      `<p>${escapeHtml(expiry)}</p>`,
      `<p>What you agreed to: ${escapeHtml(NEWSLETTER_CONSENT_TEXT)}</p>`,
      `<p>${escapeHtml(leave)} <a href="${escapeHtml(links.unsubscribeUrl)}">Unsubscribe</a></p>`,
      `<p>${escapeHtml(site.brand)}<br>${escapeHtml(site.email)}</p>`,
    ].join('\n'),
  };
}
