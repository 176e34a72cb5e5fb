/**
 * The built-in M-Pesa sandbox (no Daraja credentials, local runtime only): it accepts STK pushes
 * like Daraja, and a clearly marked test page stands in for the payer's phone, where the tester picks
 * what the phone answers. Its query then returns Daraja's real ResultCode for that answer, so the
 * service settles sandbox payments through exactly the path it uses with Daraja.
 * Pushes are stored in the orders table (`mpesa-sandbox#<CheckoutRequestID>`), surviving restarts.
 */
import { randomBytes } from 'node:crypto';
import { GetCommand, PutCommand, UpdateCommand, type DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import { MPESA_RESULT_CODES } from '@kesho/site-rules/mpesa';
export { MPESA_SANDBOX_PATH } from '@kesho/site-rules/mpesa';
import { conditionalWrite } from '../conditionalWrite';
import type { MpesaGateway } from './types';

/** What the tester can make the phone answer, with Daraja's code for each. */
export const SANDBOX_ANSWERS = {
  approve: { code: MPESA_RESULT_CODES.paid, label: 'Enter the right PIN and pay' },
  cancel: { code: MPESA_RESULT_CODES.cancelled, label: 'Cancel on the phone' },
  timeout: { code: MPESA_RESULT_CODES.timeout, label: 'Let it time out (phone unreachable)' },
  'insufficient-funds': { code: MPESA_RESULT_CODES.insufficientFunds, label: 'Insufficient M-Pesa balance' },
  'wrong-pin': { code: MPESA_RESULT_CODES.wrongPin, label: 'Enter a wrong PIN' },
} as const;
export type SandboxAnswer = keyof typeof SANDBOX_ANSWERS;

export function isSandboxAnswer(value: string): value is SandboxAnswer {
  return Object.prototype.hasOwnProperty.call(SANDBOX_ANSWERS, value);
}

const RESULT_DESCRIPTIONS: Readonly<Record<number, string>> = {
  0: 'The service request is processed successfully.',
  1: 'The balance is insufficient for the transaction.',
  1032: 'Request cancelled by user',
  1037: 'DS timeout user cannot be reached',
  2001: 'The initiator information is invalid.',
};

export interface SandboxPush {
  readonly checkoutRequestId: string;
  readonly merchantRequestId: string;
  readonly msisdn: string;
  readonly amountKes: number;
  readonly accountReference: string;
  readonly resultCode?: number;
  readonly receiptNumber?: string;
}

export interface MpesaSandbox extends MpesaGateway {
  getPush(checkoutRequestId: string): Promise<SandboxPush | null>;
  /** The phone's answer, recorded once; the stored push (with the first answer) after. */
  answer(checkoutRequestId: string, answer: SandboxAnswer): Promise<SandboxPush | null>;
}

const key = (checkoutRequestId: string) => ({ pk: `mpesa-sandbox#${checkoutRequestId}` });

export function createMpesaSandbox(client: DynamoDBDocumentClient, tableName: string): MpesaSandbox {
  const getPush = async (checkoutRequestId: string): Promise<SandboxPush | null> => {
    const result = await client.send(new GetCommand({ TableName: tableName, Key: key(checkoutRequestId), ConsistentRead: true }));
    const item = result.Item;
    if (!item) return null;
    return {
      checkoutRequestId: String(item.checkoutRequestId),
      merchantRequestId: String(item.merchantRequestId),
      msisdn: String(item.msisdn),
      amountKes: Number(item.amountKes),
      accountReference: String(item.accountReference),
      ...(typeof item.resultCode === 'number' ? { resultCode: item.resultCode } : {}),
      ...(typeof item.receiptNumber === 'string' ? { receiptNumber: item.receiptNumber } : {}),
    };
  };

  return {
    name: 'sandbox',
    async stkPush(request) {
      const checkoutRequestId = `ws_CO_SANDBOX_${randomBytes(12).toString('hex')}`;
      const merchantRequestId = `sandbox-${randomBytes(6).toString('hex')}`;
      await client.send(
        new PutCommand({
          TableName: tableName,
          Item: {
            ...key(checkoutRequestId),
            kind: 'mpesa-sandbox',
            checkoutRequestId,
            merchantRequestId,
            msisdn: request.msisdn,
            amountKes: request.amountKes,
            accountReference: request.accountReference,
          },
          ConditionExpression: 'attribute_not_exists(pk)',
        }),
      );
      return { checkoutRequestId, merchantRequestId };
    },
    async stkQuery(checkoutRequestId) {
      const push = await getPush(checkoutRequestId);
      if (!push) throw new Error(`The M-Pesa sandbox has no push ${checkoutRequestId}`);
      if (push.resultCode === undefined) return { state: 'processing' };
      return { state: 'done', resultCode: push.resultCode, resultDesc: RESULT_DESCRIPTIONS[push.resultCode] ?? 'Failed' };
    },
    getPush,
    async answer(checkoutRequestId, answer) {
      const { code } = SANDBOX_ANSWERS[answer];
      // Receipts look like M-Pesa's: ten upper-case letters and digits.
      const receiptNumber = `SB${randomBytes(4).toString('hex').toUpperCase()}`;
      // Refused when the push is unknown or already answered: the answer it has stands.
      await conditionalWrite(
        client.send(
          new UpdateCommand({
            TableName: tableName,
            Key: key(checkoutRequestId),
            UpdateExpression: code === 0 ? 'SET resultCode = :code, receiptNumber = :receipt' : 'SET resultCode = :code',
            ConditionExpression: 'attribute_exists(pk) AND attribute_not_exists(resultCode)',
            ExpressionAttributeValues: code === 0 ? { ':code': code, ':receipt': receiptNumber } : { ':code': code },
          }),
        ),
      );
      return getPush(checkoutRequestId);
    },
  };
}
