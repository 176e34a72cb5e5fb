import { readJson } from '../compile.mjs';
import { runningSiteFile } from '../paths.mjs';
import { previewLinkOf } from '@kesho/release-model/edge-variants';

/**
 * The site a preview link points at: PUBLIC_SITE_URL when set; else the local server running on this
 * dist/ (its address in dist/running-site.json, written when it listens: the PORT it was started with,
 * which the release's own environment may not know); else the origin HOST and PORT give.
 * @param {{ siteOrigin: string }} settings @param {NodeJS.ProcessEnv} [env]
 */
export async function previewSiteOrigin(settings, env = process.env) {
  if (env.PUBLIC_SITE_URL?.trim()) return settings.siteOrigin;
  const running = await readJson(runningSiteFile, null).catch(() => null);
  if (typeof running?.origin !== 'string' || !Number.isInteger(running.pid)) return settings.siteOrigin;
  try {
    process.kill(running.pid, 0);
  } catch (error) {
    // EPERM: the process runs, as another user.
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'EPERM') return settings.siteOrigin;
  }
  return running.origin;
}

/**
 * A preview link: the staged build's first page with its signed, expiring token, made as the AWS
 * publisher makes it (@kesho/release-model/edge-variants previewLinkOf: HMAC-SHA256 with PREVIEW_LINK_SECRET), on the site the
 * settings name (readReleaseConfig: PUBLIC_SITE_URL, else the running local server's origin, `previewSiteOrigin`).
 * @param {{ pointer: { name: string, buildId: string, routes: { path: string }[] }, expiresAt: Date,
 *   settings: { previewLinkSecret: string, siteOrigin: string } }} preview
 */
export async function previewLink({ pointer, expiresAt, settings }) {
  return previewLinkOf({
    app: pointer.name,
    buildId: pointer.buildId,
    route: pointer.routes[0]?.path ?? '/',
    expiresAt: expiresAt.getTime(),
    secret: settings.previewLinkSecret,
    origin: await previewSiteOrigin(settings),
  });
}
