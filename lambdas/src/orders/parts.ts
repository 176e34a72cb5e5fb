/** The orders table's stores (DynamoDB only). */
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { createPaymentAttemptsStore } from './attempts';
import { createOrdersStore } from './store';

export const ordersStore = part((foundation) => createOrdersStore(dynamoDocuments(foundation), foundation.config.ordersTable));

export const paymentAttempts = part((foundation) => createPaymentAttemptsStore(dynamoDocuments(foundation), foundation.config.ordersTable));
