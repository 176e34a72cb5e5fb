/**
 * The API Gateway HTTP API (payload format 2.0) shapes the handlers speak, reduced to the fields
 * they read. The local runtime builds exactly these from Node requests, so a handler cannot tell
 * whether it runs in AWS or on a laptop.
 */
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
 * The visitor's address, for per-client rate limits. Behind CloudFront, API Gateway's sourceIp is the
 * edge server (shared by every visitor of that location); CloudFront appends the viewer's address to
 * X-Forwarded-For, so the rightmost entry that is not the connecting hop is the viewer. A client that
 * calls the execute-api endpoint directly can choose that value: the per-address limits and the stage
 * throttle still hold then.
 */
export function clientAddress(event: ApiGatewayEvent): string {
  const hop = event.requestContext.http.sourceIp;
  const forwarded = (header(event, 'x-forwarded-for') ?? '')
    .split(',')
    .map((entry) => entry.trim())
    .filter((entry) => /^[0-9a-fA-F:.]{2,45}$/.test(entry));
  while (forwarded.length > 0 && forwarded[forwarded.length - 1] === hop) forwarded.pop();
  return forwarded[forwarded.length - 1] ?? hop;
}
