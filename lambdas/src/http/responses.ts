/**
 * Every answer of the API is built here: JSON or HTML, always `Cache-Control: no-store` (payment
 * state must never be served from a cache), never a stack trace.
 */
import type { ApiGatewayResult } from './apiGateway';

const NO_STORE = 'no-store';

export type FieldErrors = Readonly<Record<string, string>>;

export function json(statusCode: number, body: unknown, extraHeaders: Readonly<Record<string, string>> = {}): ApiGatewayResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'application/json; charset=utf-8', 'Cache-Control': NO_STORE, ...extraHeaders },
    body: JSON.stringify(body),
  };
}

/** 204: taken, nothing to say (the client events endpoint). */
export function noContent(): ApiGatewayResult {
  return { statusCode: 204, headers: { 'Cache-Control': NO_STORE }, body: '' };
}

export function errorResponse(statusCode: number, message: string, fieldErrors?: FieldErrors, extraHeaders?: Readonly<Record<string, string>>): ApiGatewayResult {
  return json(statusCode, fieldErrors ? { error: message, fieldErrors } : { error: message }, extraHeaders);
}

export function methodNotAllowed(allowed: readonly string[]): ApiGatewayResult {
  return errorResponse(405, `Use ${allowed.join(' or ')} for this address.`, undefined, { Allow: allowed.join(', ') });
}

export function html(statusCode: number, document: string): ApiGatewayResult {
  return {
    statusCode,
    headers: { 'Content-Type': 'text/html; charset=utf-8', 'Cache-Control': NO_STORE },
    body: document,
  };
}

/** 303 so the browser follows a form POST with a GET. */
export function seeOther(location: string): ApiGatewayResult {
  return {
    statusCode: 303,
    headers: { Location: location, 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': NO_STORE },
    body: `See ${location}`,
  };
}

export const SERVER_ERROR_MESSAGE = 'Something went wrong on our side. Please try again in a moment.';
export const PROVIDER_ERROR_MESSAGE = 'We could not reach the payment provider. Please try again in a moment.';
