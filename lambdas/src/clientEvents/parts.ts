/**
 * The client events endpoint: in AWS EMF lines on stdout (the verdict's figures counted by client on
 * the orders table) and the published pointer document's builds; what the local runtime gives locally.
 */
import { POINTER_DOCUMENT_URL } from '@kesho/common/site-keys';
import { part } from '../runtime/foundation';
import { clientTally } from './clients';
import { createPointerDocumentBuilds } from './knownBuilds';
import { createReceiveClientEvents } from './service';
import { createEmfSink } from './sinks';

export const receiveClientEvents = part((foundation) => {
  const { config, given, logger, clock } = foundation;
  return createReceiveClientEvents({
    sink: given.clientEvents?.sink ?? createEmfSink({ tally: clientTally(foundation), logger }),
    knownBuilds: given.clientEvents?.knownBuilds ?? createPointerDocumentBuilds(`${config.publicSiteUrl}${POINTER_DOCUMENT_URL}`),
    logger,
    clock,
  });
});
