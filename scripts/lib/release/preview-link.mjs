import { createHmac } from 'node:crypto';
import { loadTsModule } from '../load-ts.mjs';

/**
 * A preview link: the staged build's first page with its signed, expiring token
 * (@kesho/common/build-choice previewToken, HMAC-SHA256 with PREVIEW_LINK_SECRET), on the site the
 * settings name (readReleaseConfig: PUBLIC_SITE_URL, else the local server's origin).
 * @param {{ pointer: { name: string, buildId: string, routes: { path: string }[] }, expiresAt: Date,
 *   settings: { previewLinkSecret: string, siteOrigin: string } }} preview
 */
export async function previewLink({ pointer, expiresAt, settings }) {
  const { previewPath, previewToken } = await loadTsModule('packages/common/src/build-choice.ts');
  const hmacHex = (key, text) => createHmac('sha256', key).update(text).digest('hex');
  const token = previewToken(pointer.name, pointer.buildId, expiresAt.getTime(), settings.previewLinkSecret, hmacHex);
  return `${settings.siteOrigin}${previewPath(pointer.routes[0]?.path ?? '/', token)}`;
}
