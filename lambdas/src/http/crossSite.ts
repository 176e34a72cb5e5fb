/**
 * Refuses form posts another site makes a visitor's browser send (a hidden form on evil.example that
 * posts to /api/enquiries, mailing whoever it names). Browsers say where a request comes from: Fetch
 * Metadata (`Sec-Fetch-Site`) and, on every POST, `Origin`. A post is ours when its Origin is the public
 * site, or a loopback origin (localhost, 127.0.0.0/8, [::1]) that is the very host it was sent to (the
 * local site under its loopback names); it is refused when the browser calls it cross-site or its
 * Origin is another one (`null` included: a sandboxed frame or a data: page). `Host` alone proves
 * nothing: a page of evil.example whose name a DNS rebinding points at this machine posts with Origin
 * and Host both evil.example. A request without either header is not a browser's cross-site post
 * (curl, a server, a very old browser) and goes on to the usual rules and limits.
 */
import { site } from '@kesho/site-rules/site';
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
  return isLoopbackHostname(parsed.hostname) && host !== undefined && parsed.host === host.trim().toLowerCase();
}

/** localhost, 127.0.0.0/8 or [::1]: names only this machine answers to (URL gives IPv6 hosts in brackets). */
export function isLoopbackHostname(hostname: string): boolean {
  const name = hostname.toLowerCase().replace(/\.$/, '');
  return name === 'localhost' || name === '[::1]' || /^127(?:\.\d{1,3}){3}$/.test(name);
}
