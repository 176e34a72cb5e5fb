/** The mail events' recorder (events.ts): the outbox records in the orders table, the metrics and the log. */
import { dynamoDocuments } from '../runtime/dynamo';
import { part } from '../runtime/foundation';
import { createMailEvents } from './events';

export const mailEvents = part((foundation) =>
  createMailEvents({
    client: dynamoDocuments(foundation),
    tableName: foundation.config.ordersTable,
    metrics: foundation.metrics,
    logger: foundation.logger,
    clock: foundation.clock,
  }),
);
