/**
 * The built-in stand-in for Stripe Checkout when no Stripe key is configured. It behaves like the
 * hosted page: create-payment gets the URL of a clearly marked TEST page, the customer pays or
 * declines there, and the order is settled through the same confirm routine as a real payment.
 * Sessions live in the orders table (key prefix `sandbox-session#`), so they survive a restart
 * like the orders do.
 */
import { FUNCTIONS } from '@kesho/operations/functions';
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { conditionalWrite } from '../conditionalWrite';
import { ORDER_CURRENCY, type Order } from '../orders/types';
import { checkoutExpiry } from './checkoutPolicy';
import { WebhookVerificationError, type CheckoutRedirect, type CheckoutSessionState, type PaymentEvent, type PaymentsProvider } from './types';

export const SANDBOX_SESSION_PREFIX = 'cs_sandbox_';
export const SANDBOX_SESSION_ID_PATTERN = /^cs_sandbox_[0-9a-f]{32}$/;
/** The sandbox's test checkout pages (sandbox-checkout's `localPagesUnder` in @kesho/operations/functions). */
export const SANDBOX_CHECKOUT_PATH = FUNCTIONS['sandbox-checkout'].localPagesUnder;

export type SandboxCheckoutState = 'open' | 'paid' | 'declined' | 'expired';

export interface SandboxCheckoutView {
  readonly sessionId: string;
  readonly invoiceNumber: string;
  readonly lines: readonly { readonly name: string; readonly quantity: number; readonly amountCents: number }[];
  readonly amountTotalCents: number;
  readonly customerEmail: string;
  readonly state: SandboxCheckoutState;
  readonly expiresAt: string;
}

export interface SandboxPayments extends PaymentsProvider {
  readonly name: 'sandbox';
  viewCheckout(sessionId: string): Promise<SandboxCheckoutView | null>;
  /** Completes an open session as paid; a session that is no longer open is returned unchanged. */
  pay(sessionId: string): Promise<SandboxCheckoutView | null>;
  /** Completes an open session as declined (unpaid); otherwise returns it unchanged. */
  decline(sessionId: string): Promise<SandboxCheckoutView | null>;
}

export interface SandboxPaymentsOptions {
  readonly client: DynamoDBDocumentClient;
  readonly tableName: string;
  readonly publicSiteUrl: string;
  readonly clock?: () => Date;
}

interface SandboxSessionRecord {
  readonly sessionId: string;
  readonly orderRef: string;
  readonly orderId: string;
  readonly lines: SandboxCheckoutView['lines'];
  readonly amountTotalCents: number;
  readonly currency: string;
  readonly customerEmail: string;
  readonly status: 'open' | 'complete';
  readonly paymentStatus: 'paid' | 'unpaid';
  readonly outcome?: 'paid' | 'declined';
  readonly createdAt: string;
  readonly expiresAt: string;
}

function sessionKey(sessionId: string): { pk: string } {
  return { pk: `sandbox-session#${sessionId}` };
}

export function createSandboxPayments({ client, tableName, publicSiteUrl, clock = () => new Date() }: SandboxPaymentsOptions): SandboxPayments {
  const read = async (sessionId: string): Promise<SandboxSessionRecord | null> => {
    if (!SANDBOX_SESSION_ID_PATTERN.test(sessionId)) return null;
    const result = await client.send(new GetCommand({ TableName: tableName, Key: sessionKey(sessionId), ConsistentRead: true }));
    return result.Item ? (result.Item as unknown as SandboxSessionRecord) : null;
  };

  const complete = async (sessionId: string, outcome: 'paid' | 'declined'): Promise<SandboxCheckoutView | null> => {
    // Refused when the session is already complete or expired: the page shows it as it is.
    await conditionalWrite(
      client.send(
        new UpdateCommand({
          TableName: tableName,
          Key: sessionKey(sessionId),
          UpdateExpression: 'SET #status = :complete, paymentStatus = :paymentStatus, outcome = :outcome',
          ConditionExpression: 'attribute_exists(pk) AND #status = :open AND expiresAt > :now',
          ExpressionAttributeNames: { '#status': 'status' },
          ExpressionAttributeValues: {
            ':complete': 'complete',
            ':open': 'open',
            ':paymentStatus': outcome === 'paid' ? 'paid' : 'unpaid',
            ':outcome': outcome,
            ':now': clock().toISOString(),
          },
        }),
      ),
    );
    const record = await read(sessionId);
    return record ? reshapeView(record, clock()) : null;
  };

  return {
    name: 'sandbox',

    async createCheckout(order: Order): Promise<CheckoutRedirect> {
      const sessionId = `${SANDBOX_SESSION_PREFIX}${randomBytes(16).toString('hex')}`;
      const now = clock();
      const record: SandboxSessionRecord = {
        sessionId,
        orderRef: order.invoiceNumber,
        orderId: order.orderId,
        lines: order.lines.map(({ name, quantity, amountCents }) => ({ name, quantity, amountCents })),
        amountTotalCents: order.totalCents,
        currency: ORDER_CURRENCY,
        customerEmail: order.customer.email,
        status: 'open',
        paymentStatus: 'unpaid',
        createdAt: now.toISOString(),
        expiresAt: checkoutExpiry(now).toISOString(),
      };
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: { ...sessionKey(sessionId), kind: 'sandbox-session', ...record },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { sessionId, url: `${publicSiteUrl}${SANDBOX_CHECKOUT_PATH}/${sessionId}` };
    },

    async retrieveSession(sessionId: string): Promise<CheckoutSessionState | null> {
      const record = await read(sessionId);
      return record ? reshapeSession(record, clock()) : null;
    },

    async verifyWebhook(): Promise<PaymentEvent> {
      throw new WebhookVerificationError('Webhooks are not used in sandbox mode: the test checkout page confirms payments itself');
    },

    async viewCheckout(sessionId: string) {
      const record = await read(sessionId);
      return record ? reshapeView(record, clock()) : null;
    },

    pay: (sessionId: string) => complete(sessionId, 'paid'),
    decline: (sessionId: string) => complete(sessionId, 'declined'),
  };
}

function isExpired(record: SandboxSessionRecord, now: Date): boolean {
  return record.status === 'open' && record.expiresAt <= now.toISOString();
}

function reshapeSession(record: SandboxSessionRecord, now: Date): CheckoutSessionState {
  return {
    sessionId: record.sessionId,
    status: isExpired(record, now) ? 'expired' : record.status,
    paymentStatus: record.paymentStatus,
    amountTotalCents: record.amountTotalCents,
    currency: record.currency,
    orderRef: record.orderRef,
    orderId: record.orderId,
    paymentFailed: record.status === 'complete' && (record.outcome ?? 'declined') === 'declined',
  };
}

function reshapeView(record: SandboxSessionRecord, now: Date): SandboxCheckoutView {
  const state: SandboxCheckoutState = isExpired(record, now) ? 'expired' : record.status === 'open' ? 'open' : (record.outcome ?? 'declined');
  return {
    sessionId: record.sessionId,
    invoiceNumber: record.orderRef,
    lines: record.lines,
    amountTotalCents: record.amountTotalCents,
    customerEmail: record.customerEmail,
    state,
    expiresAt: record.expiresAt,
  };
}
