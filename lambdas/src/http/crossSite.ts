/**
 * Refuses form posts another site makes a visitor's browser send (a hidden form on evil.example that
 * posts to /api/enquiries, mailing whoever it names). Browsers say where a request comes from: Fetch
 * Metadata (`Sec-Fetch-Site`) and, on every POST, `Origin`. A post is ours when its Origin is the public
 * site or the very host it was sent to (the local site under any of its names), and refused when the
 * browser calls it cross-site or its Origin is another one (`null` included: a sandboxed frame or a
 * data: page). A request without either header is not a browser's cross-site post (curl, a server,
 * a very old browser) and goes on to the usual rules and limits.
 */
import { site } from '@kesho/common/site';
import { header, type ApiGatewayEvent } from './apiGateway';

export const CROSS_SITE_MESSAGE = `This form can only be sent from the ${site.brand} website.`;

export function isCrossSitePost(event: ApiGatewayEvent, publicSiteUrl: string): boolean {
  if (header(event, 'sec-fetch-site')?.trim().toLowerCase() === 'cross-site') return true;
  const origin = header(event, 'origin')?.trim();
  if (origin === undefined || origin === '') return false;
  return !isOwnOrigin(origin, publicSiteUrl, header(event, 'host'));
}

function isOwnOrigin(origin: string, publicSiteUrl: string, host: string | undefined): boolean {
  let parsed: URL;
  try {
    parsed = new URL(origin);
  } catch {
    return false;
  }
  if (parsed.origin !== origin.replace(/\/+$/, '')) return false;
  if (parsed.origin === new URL(publicSiteUrl).origin) return true;
  return host !== undefined && parsed.host === host.trim().toLowerCase();
}
