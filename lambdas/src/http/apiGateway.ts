/**
 * The API Gateway HTTP API (payload format 2.0) shapes the handlers speak, reduced to the fields
 * they read. The local runtime builds exactly these from Node requests, so a handler cannot tell
 * whether it runs in AWS or on a laptop.
 */
import { isIP } from 'node:net';

export interface ApiGatewayEvent {
  readonly version: '2.0';
  readonly routeKey: string;
  readonly rawPath: string;
  readonly rawQueryString: string;
  readonly cookies?: readonly string[];
  /** Lower-case names; repeated headers joined with commas. */
  readonly headers: Readonly<Record<string, string | undefined>>;
  readonly queryStringParameters?: Readonly<Record<string, string | undefined>>;
  readonly pathParameters?: Readonly<Record<string, string | undefined>>;
  readonly requestContext: {
    readonly requestId: string;
    readonly timeEpoch: number;
    readonly http: {
      readonly method: string;
      readonly path: string;
      readonly protocol: string;
      readonly sourceIp: string;
      readonly userAgent: string;
    };
  };
  readonly body?: string;
  readonly isBase64Encoded: boolean;
}

export interface ApiGatewayResult {
  readonly statusCode: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
  readonly isBase64Encoded?: boolean;
}

/** The part of the Lambda context the handlers use. */
export interface LambdaContext {
  readonly awsRequestId: string;
  readonly functionName: string;
  /** Lambda's own: how long this invocation may still run before Lambda stops it. */
  readonly getRemainingTimeInMillis?: () => number;
}

export type HttpHandler = (event: ApiGatewayEvent, context?: LambdaContext) => Promise<ApiGatewayResult>;

export function header(event: ApiGatewayEvent, name: string): string | undefined {
  return event.headers[name.toLowerCase()];
}

export function queryParameter(event: ApiGatewayEvent, name: string): string | undefined {
  return event.queryStringParameters?.[name];
}

export function rawBody(event: ApiGatewayEvent): Buffer {
  if (event.body === undefined) return Buffer.alloc(0);
  return event.isBase64Encoded ? Buffer.from(event.body, 'base64') : Buffer.from(event.body, 'utf8');
}

/**
 * The visitor's address, for per-client rate limits: the value of `trustedHeader` (CLIENT_ADDRESS_HEADER,
 * which only a hop in front of this API sets: in AWS the distribution's viewer-request function writes
 * CloudFront's viewer address over whatever the visitor sent) when it holds an address, else the
 * connection's own address (the visitor's, locally). X-Forwarded-For is never read: its first entries
 * are whatever the client wrote.
 */
export function clientAddress(event: ApiGatewayEvent, trustedHeader: string | undefined): string {
  const connection = event.requestContext.http.sourceIp;
  if (trustedHeader === undefined) return connection;
  const viewer = header(event, trustedHeader)?.trim() ?? '';
  return isIP(viewer) ? viewer : connection;
}
