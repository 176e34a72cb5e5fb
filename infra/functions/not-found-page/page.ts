/**
 * The not-found answer of the site's pages. The distribution asks this function only when S3 has no
 * object for a page path (the default behaviour's origin group fails over on S3's 403, which without
 * list rights means "no such key"): it answers 404 with the live not-found page the shell published.
 * A distribution-wide error response would do the same for /api/* too, turning the API's own 403s
 * (and so an origin-verify failure) into an HTML 404 for the webhook and the M-Pesa callbacks.
 */

/** A Lambda function URL response (payload 2.0). */
export interface NotFoundResponse {
  readonly statusCode: 404;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

/** The live not-found page (pages/404.html), or null while no shell release has published one. */
export type ReadNotFoundPage = () => Promise<string | null>;

/** Shown only before the shell's first release has published pages/404.html. */
export const BARE_NOT_FOUND = 'Not found';

/**
 * Answers 404 with the page, read at most every `cacheMs` (a burst of unknown paths costs one read);
 * CloudFront keeps each answer for the same time, so a shell release's new page shows up within it.
 */
export function createNotFoundHandler(read: ReadNotFoundPage, cacheMs: number, now: () => number = Date.now): () => Promise<NotFoundResponse> {
  let cached: { page: string | null; at: number } | undefined;
  const cacheControl = `public, max-age=${Math.floor(cacheMs / 1000)}`;
  return async () => {
    if (!cached || now() - cached.at >= cacheMs) cached = { page: await read(), at: now() };
    return cached.page === null
      ? { statusCode: 404, headers: { 'content-type': 'text/plain; charset=utf-8', 'cache-control': cacheControl }, body: BARE_NOT_FOUND }
      : { statusCode: 404, headers: { 'content-type': 'text/html; charset=utf-8', 'cache-control': cacheControl }, body: cached.page };
  };
}
