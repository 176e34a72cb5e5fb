/**
 * The part of the AWS Lambda Invoke API (POST /2015-03-31/functions/<name>/invocations) the project
 * uses, answered by the local runtime: the webhook's asynchronous hand-off to fulfil-order
 * (InvocationType Event → 202, then the function runs in the background with Lambda's two retries)
 * and the smoke test's synchronous call of create-payment (RequestResponse → 200 + the result).
 * Requests come from @aws-sdk/client-lambda pointed at this server, so the SDK call is the same one
 * that runs in AWS.
 */
import { randomUUID } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { LambdaContext } from '../http/apiGateway';
import { mediaTypeOf } from '../http/mediaType';

export const INVOKE_PATH = /^\/2015-03-31\/functions\/([^/]+)\/invocations\/?$/;

export type LocalFunction = (payload: unknown, context: LambdaContext) => Promise<unknown>;

export interface InvokeApiOptions {
  /** Function name → implementation; names are what FunctionName says (an ARN's name part counts). */
  readonly functions: ReadonlyMap<string, LocalFunction>;
  /** Runs an Event invocation after the 202 has been sent (the payload goes to the failure destination if it never succeeds). */
  readonly runInBackground: (name: string, run: () => Promise<unknown>, payload: unknown) => void;
}

export async function answerInvoke(req: IncomingMessage, res: ServerResponse, functionPath: string, payloadBytes: Buffer, options: InvokeApiOptions): Promise<void> {
  if (req.method !== 'POST') return sendError(res, 405, 'MethodNotAllowedException', 'Invoke with POST.');
  // The Invoke API is for the processes of this machine (the webhook, the smoke test), not the network.
  if (!isLoopback(req.socket.remoteAddress)) return sendError(res, 403, 'AccessDeniedException', 'The local Invoke API only answers loopback clients.');
  // A page the developer visits is a loopback client too. Browsers mark their requests with Origin
  // (and Sec-Fetch-Site), and can send a cross-site POST without asking first only with a form or
  // text content type; the SDK sends neither marker and a binary or JSON type.
  if (headerValue(req, 'origin') !== undefined || headerValue(req, 'sec-fetch-site') !== undefined) {
    return sendError(res, 403, 'AccessDeniedException', 'The local Invoke API does not answer browsers.');
  }
  if (!isSdkContentType(headerValue(req, 'content-type'))) {
    return sendError(res, 415, 'UnsupportedMediaTypeException', `The Invoke request body must be sent as ${SDK_CONTENT_TYPES.join(' or ')}.`);
  }

  const name = functionName(decodeURIComponent(functionPath));
  const implementation = options.functions.get(name);
  if (!implementation) return sendError(res, 404, 'ResourceNotFoundException', `Function not found: ${name}`);

  let payload: unknown = {};
  if (payloadBytes.length > 0) {
    try {
      payload = JSON.parse(payloadBytes.toString('utf8')) as unknown;
    } catch {
      return sendError(res, 400, 'InvalidRequestContentException', 'Could not parse request body into json.');
    }
  }

  const invocationType = headerValue(req, 'x-amz-invocation-type') ?? 'RequestResponse';
  const context: LambdaContext = { awsRequestId: randomUUID(), functionName: name };
  const requestIdHeader = { 'x-amzn-RequestId': context.awsRequestId };

  if (invocationType === 'DryRun') {
    res.writeHead(204, requestIdHeader).end();
    return;
  }
  if (invocationType === 'Event') {
    res.writeHead(202, { ...requestIdHeader, 'Content-Length': '0' }).end();
    options.runInBackground(name, () => implementation(payload, context), payload);
    return;
  }
  if (invocationType !== 'RequestResponse') {
    return sendError(res, 400, 'InvalidParameterValueException', `Unsupported InvocationType: ${invocationType}`);
  }

  let body: string;
  const headers: Record<string, string> = { ...requestIdHeader, 'Content-Type': 'application/json', 'X-Amz-Executed-Version': '$LATEST' };
  try {
    body = JSON.stringify((await implementation(payload, context)) ?? null);
  } catch (error) {
    // Lambda reports a crashed function as a 200 with X-Amz-Function-Error, never as an HTTP error.
    headers['X-Amz-Function-Error'] = 'Unhandled';
    body = JSON.stringify({ errorType: error instanceof Error ? error.name : 'Error', errorMessage: error instanceof Error ? error.message : String(error) });
  }
  res.writeHead(200, { ...headers, 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
}

/** "fulfil-order", "fulfil-order:$LATEST" and "arn:aws:lambda:…:function:fulfil-order[:alias]" all name fulfil-order. */
function functionName(reference: string): string {
  const arnMatch = /^arn:[^:]+:lambda:[^:]*:[^:]*:function:([^:]+)/.exec(reference);
  if (arnMatch?.[1]) return arnMatch[1];
  return reference.split(':')[0] ?? reference;
}

function headerValue(req: IncomingMessage, name: string): string | undefined {
  const value = req.headers[name];
  return Array.isArray(value) ? value[0] : value;
}

/** @aws-sdk/client-lambda sends the payload as application/octet-stream; JSON is what Lambda documents. */
const SDK_CONTENT_TYPES = ['application/octet-stream', 'application/json'] as const;

function isSdkContentType(header: string | undefined): boolean {
  return (SDK_CONTENT_TYPES as readonly string[]).includes(mediaTypeOf(header).type);
}

function isLoopback(address: string | undefined): boolean {
  if (!address) return false;
  const v4 = address.startsWith('::ffff:') ? address.slice('::ffff:'.length) : address;
  return v4 === '::1' || /^127\.\d+\.\d+\.\d+$/.test(v4);
}

function sendError(res: ServerResponse, status: number, type: string, message: string): void {
  const body = JSON.stringify({ Type: 'User', message });
  res.writeHead(status, { 'Content-Type': 'application/json', 'x-amzn-ErrorType': type, 'Content-Length': String(Buffer.byteLength(body)) }).end(body);
}
