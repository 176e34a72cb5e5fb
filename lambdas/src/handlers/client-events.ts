/**
 * POST /api/client-events: errors and Web Vitals from visitors' browsers (the shell's reporter,
 * sent with navigator.sendBeacon), counted for the live builds and the edge's canaries and previews. Anonymous and public: a bad body gets a 4xx, everything else a
 * fast 204, whatever was kept or dropped; never a 5xx.
 */
import { EDGE_BUILDS_HEADER } from '@kesho/common/build-choice';
import { clientAddress, header, type HttpHandler } from '../http/apiGateway';
import { respondSafely } from '../http/boundary';
import { readJsonBody } from '../http/jsonBody';
import { errorResponse, methodNotAllowed, noContent } from '../http/responses';
import { defineFunction } from '../runtime/context';
import { receiveClientEvents } from '../clientEvents/parts';

/** This function's services: its bundle holds these parts and what they use, nothing else. */
export const runtime = defineFunction('client-events', { receiveClientEvents });

export const handler: HttpHandler = runtime.handle((event) =>
  respondSafely('client-events', async () => {
    if (event.requestContext.http.method !== 'POST') return methodNotAllowed(['POST']);
    const body = readJsonBody(event);
    if (!body.ok) return body.response;
    const { services, config } = await runtime.current();
    // The edge's canary and preview builds: written over whatever the browser sent by the hop in front (the viewer-request function, the local server).
    const edgeBuilds = header(event, EDGE_BUILDS_HEADER);
    const result = await services.receiveClientEvents(body.value, { ip: clientAddress(event, config.clientAddressHeader), ...(edgeBuilds === undefined ? {} : { edgeBuilds }) });
    switch (result.kind) {
      case 'accepted':
        return noContent();
      case 'invalid':
        return errorResponse(400, result.message);
      case 'rate-limited':
        return errorResponse(429, 'Too many reports from this address; try again later.', undefined, { 'Retry-After': String(result.retryAfterSeconds) });
    }
    return result satisfies never;
  }),
);
