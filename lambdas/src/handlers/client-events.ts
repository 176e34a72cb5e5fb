/**
 * POST /api/client-events: errors and Web Vitals from visitors' browsers (the shell's reporter,
 * sent with navigator.sendBeacon), counted for the live builds and the edge's canaries and previews. Anonymous and public: a bad body gets a 4xx, everything else a
 * fast 204, whatever was kept or dropped; never a 5xx.
 */
import { EDGE_BUILDS_HEADER } from '@kesho/release-model/build-choice';
import { POINTER_DOCUMENT_URL } from '@kesho/release-model/site-keys';
import { awsClientTally } from '../clientEvents/clients';
import { createPointerDocumentBuilds } from '../clientEvents/knownBuilds';
import { createReceiveClientEvents, type ReceiveClientEvents } from '../clientEvents/service';
import { createEmfSink } from '../clientEvents/sinks';
import type { AppConfig } from '../config';
import { clientAddress, header, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { errorResponse, methodNotAllowed, noContent } from '../http/responses';
import { lambdaHttpHandler, type FunctionStart } from '../lambda';
import type { Logger } from '../log';

export interface ClientEventsServices {
  readonly config: Pick<AppConfig, 'clientAddressHeader'>;
  readonly logger: Logger;
  readonly receiveClientEvents: ReceiveClientEvents;
}

/** The handler over its services: the deployed one below, the local runtime's (local/api.ts), a test's. */
export function createClientEventsHandler({ config, logger, receiveClientEvents }: ClientEventsServices): HttpHandler {
  return (event) =>
    respondSafely(
      'client-events',
      async () => {
        if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
        const body = readJsonBody(event);
        if (!body.ok) return body.response;
        // The edge's canary and preview builds: written over whatever the browser sent by the hop in front (the viewer-request function, the local server).
        const edgeBuilds = header(event, EDGE_BUILDS_HEADER);
        const result = await receiveClientEvents(body.value, { ip: clientAddress(event, config.clientAddressHeader), ...(edgeBuilds === undefined ? {} : { edgeBuilds }) });
        switch (result.kind) {
          case 'accepted':
            return noContent();
          case 'invalid':
            return errorResponse(400, result.message);
          case 'rate-limited':
            return errorResponse(429, 'Too many reports from this address; try again later.', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
        }
        return result satisfies never;
      },
      logger,
    );
}

/**
 * In AWS: configuration (the function's start) → clients (DynamoDB for the count by client, untraced)
 * → services (EMF lines on stdout, the builds of the site's published pointer document) → handler,
 * once per container (lambda.ts). Not traced: it calls neither AWS's other services nor a provider.
 */
export function buildClientEvents(start: FunctionStart): HttpHandler {
  const { config, logger, clock } = start;
  const receiveClientEvents = createReceiveClientEvents({
    sink: createEmfSink({ tally: awsClientTally(config.ordersTable), logger }),
    knownBuilds: createPointerDocumentBuilds(`${config.publicSiteUrl}${POINTER_DOCUMENT_URL}`),
    logger,
    clock,
  });
  return createClientEventsHandler({ config, logger, receiveClientEvents });
}

export const handler: HttpHandler = lambdaHttpHandler('client-events', buildClientEvents);
