/**
 * A deployed function's confirmation of card orders (a handler's build, lambda.ts): its orders store on
 * the orders table, receipts through its mail, the card provider (Stripe with the function's own Stripe
 * secrets, or the sandbox) and the one settle-an-order routine over them (confirmOrder.ts). The
 * functions that settle a card order from what its provider says build it: checkout-session (the
 * success page), fulfil-order, reconcile-orders and the sandbox's test page.
 */
import type { DynamoDBDocumentClient } from '@aws-sdk/lib-dynamodb';
import type { SecretReader } from '../clients/secrets';
import type { FunctionStart } from '../lambda';
import { createFunctionMail } from '../mail/runtime';
import { createCardPayments, type CardPayments } from '../payments/cardPayments';
import { createFunctionReceipts, type SendReceipt } from '../receipts/sendReceipt';
import { createConfirmOrder, type ConfirmOrder } from './confirmOrder';
import { createOrdersStore, type OrdersStore } from './store';

export interface CardConfirmation {
  readonly orders: OrdersStore;
  readonly sendReceipt: SendReceipt;
  readonly card: CardPayments;
  /** Settles a card order from its provider's answer, sending its receipt once when it is paid. */
  readonly confirmOrder: ConfirmOrder;
}

export async function createFunctionCardConfirmation(start: FunctionStart, dynamo: DynamoDBDocumentClient, secrets: () => SecretReader): Promise<CardConfirmation> {
  const { config, clock, logger, metrics } = start;
  const orders = createOrdersStore(dynamo, config.ordersTable);
  const sendReceipt = createFunctionReceipts(start, createFunctionMail(start, dynamo), orders);
  const card = await createCardPayments(start, () => dynamo, secrets);
  return { orders, sendReceipt, card, confirmOrder: createConfirmOrder({ orders, payments: card.provider, clock, logger, metrics, sendReceipt }) };
}
