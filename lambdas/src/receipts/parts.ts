/** The receipt of a paid order as a part (sendReceipt.ts: createFunctionReceipts), for the handlers that still use parts. */
import { mailRuntime } from '../mail/parts';
import { ordersStore } from '../orders/parts';
import { part } from '../runtime/foundation';
import { createFunctionReceipts } from './sendReceipt';

export const sendReceipt = part((foundation) => createFunctionReceipts(foundation, mailRuntime(foundation), ordersStore(foundation)));
