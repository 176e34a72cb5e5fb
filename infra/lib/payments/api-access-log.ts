/**
 * The HTTP API's access log: one JSON object per request, built from the HTTP API's own `$context`
 * variables (CDK's default CLF format names REST-only ones: `$context.resourcePath`,
 * `$context.identity.caller`, `$context.identity.user`). The 403 and 429 metric filters
 * (lib/alarms.ts) and the saved Logs Insights queries (lib/log-queries.ts) read these fields.
 *
 * Numbers are written bare only where API Gateway always has a value (status, latency); a variable
 * that can be empty is written as `-` by API Gateway, so those are quoted to keep every line valid
 * JSON.
 */
import { AccessLogFormat } from 'aws-cdk-lib/aws-apigateway';

/** Field → `$context` variable; `number` fields are written unquoted. */
export const API_ACCESS_LOG_FIELDS: Readonly<Record<string, { readonly variable: string; readonly number?: true }>> = {
  requestId: { variable: '$context.requestId' },
  requestTime: { variable: '$context.requestTime' },
  routeKey: { variable: '$context.routeKey' },
  method: { variable: '$context.httpMethod' },
  path: { variable: '$context.path' },
  status: { variable: '$context.status', number: true },
  responseLength: { variable: '$context.responseLength' },
  latency: { variable: '$context.responseLatency', number: true },
  integrationStatus: { variable: '$context.integration.status' },
  integrationLatency: { variable: '$context.integration.latency' },
  integrationRequestId: { variable: '$context.integration.requestId' },
  integrationError: { variable: '$context.integration.error' },
  authorizerError: { variable: '$context.authorizer.error' },
  // The visitor's address: the distribution writes it into x-kesho-viewer-address, the origin-verify
  // authorizer hands it on as its context (the execute-api endpoint itself sees CloudFront's servers).
  viewerAddress: { variable: '$context.authorizer.viewerAddress' },
  edgeAddress: { variable: '$context.identity.sourceIp' },
};

/** The `$context` variables of REST APIs that an HTTP API does not have (CLF's): never in the format. */
export const REST_ONLY_VARIABLES: readonly string[] = ['$context.resourcePath', '$context.identity.caller', '$context.identity.user'];

/** The one-line format of the stage's access log settings. */
export function apiAccessLogFormat(): AccessLogFormat {
  const body = Object.entries(API_ACCESS_LOG_FIELDS)
    .map(([field, { variable, number }]) => `"${field}":${number ? variable : `"${variable}"`}`)
    .join(',');
  return AccessLogFormat.custom(`{${body}}`);
}
