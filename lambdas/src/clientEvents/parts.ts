/** The client events endpoint: EMF lines on stdout and the published pointer document's builds in AWS, what the local runtime gives locally. */
import { POINTER_DOCUMENT_URL } from '@kesho/common/site-keys';
import { part } from '../runtime/foundation';
import { createPointerDocumentBuilds } from './knownBuilds';
import { createReceiveClientEvents } from './service';
import { createEmfSink } from './sinks';

export const receiveClientEvents = part(({ config, given, logger, clock }) =>
  createReceiveClientEvents({
    sink: given.clientEvents?.sink ?? createEmfSink(),
    knownBuilds: given.clientEvents?.knownBuilds ?? createPointerDocumentBuilds(`${config.publicSiteUrl}${POINTER_DOCUMENT_URL}`),
    logger,
    clock,
  }),
);
