/**
 * The Content-Type of each kind of file the site serves, by its extension: the local server answers
 * with it, and the release publisher writes it as the object's metadata in AWS, so a file has the
 * same type in both. An extension not listed is served as bytes (`application/octet-stream`).
 */
export const CONTENT_TYPES = {
  '.html': 'text/html; charset=utf-8',
  '.js': 'text/javascript; charset=utf-8',
  '.mjs': 'text/javascript; charset=utf-8',
  '.json': 'application/json; charset=utf-8',
  '.css': 'text/css; charset=utf-8',
  '.svg': 'image/svg+xml',
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.webp': 'image/webp',
  '.avif': 'image/avif',
  '.woff2': 'font/woff2',
  '.txt': 'text/plain; charset=utf-8',
  '.xml': 'application/xml; charset=utf-8',
  '.map': 'application/json; charset=utf-8',
  '.ico': 'image/x-icon',
} as const satisfies Readonly<Record<string, string>>;

export const UNKNOWN_CONTENT_TYPE = 'application/octet-stream';

/** The lower-cased extension of a file name, path or object key (`pages/faq.HTML` → `.html`; none → ''). */
export function extensionOf(name: string): string {
  const base = name.slice(name.lastIndexOf('/') + 1);
  const dot = base.lastIndexOf('.');
  return dot > 0 ? base.slice(dot).toLowerCase() : '';
}

/** The Content-Type a file is served with, from its name, path or object key. */
export function contentTypeOf(name: string): string {
  return (CONTENT_TYPES as Readonly<Record<string, string | undefined>>)[extensionOf(name)] ?? UNKNOWN_CONTENT_TYPE;
}
