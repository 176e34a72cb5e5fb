/**
 * Every key of the site's stores, named once: the objects of the site (dist/site locally, the site
 * bucket in AWS), the release publisher's own objects in that bucket, and the edge key-value state
 * (dist/edge-key-value.json locally, the CloudFront KeyValueStore in AWS). The local release, the AWS
 * release publisher, the local server, the CloudFront functions, the shell and the client-events
 * endpoint all read these names from here. Written for a CloudFront Function too: constants only.
 *
 *   mfe/remotes.json                        the live pointer document the shell reads
 *   shell/<buildId>/…, mfe/<name>/<buildId>/…  each build's served files (immutable; @kesho/release-model/build-pruning buildFilesPrefix)
 *   variants/<folder>/…                     a variant of the site (a canary's, a preview's, a notice's pages)
 *   variants/<folder>/remotes.json          and its pointer document
 *   mfe/pointers/<app>.json                 an app's current release record
 *   mfe/canary/<app>.json                   a team's canary command
 *   releases/<app>/<release>/release.json   a release record; withdrawn.json beside it marks a rollback
 *   edge/state.json                         the publisher's record of canaries, previews and history
 *                                           (the one record in both places: dist/site/edge/state.json locally, never served)
 *   KeyValueStore `state`, `preview-key`    the edge state and the preview links' key the CloudFront functions read
 *                                           (locally dist/edge-key-value.json's, both written by the release; the key from PREVIEW_LINK_SECRET)
 */

/** The live pointer document's key; the shell fetches it at POINTER_DOCUMENT_URL. */
export const POINTER_DOCUMENT_KEY = 'mfe/remotes.json';
export const POINTER_DOCUMENT_URL = `/${POINTER_DOCUMENT_KEY}`;
/** Where the builds' served files are: shell/<buildId>/… for the shell, mfe/<name>/<buildId>/… for a remote. */
export const SHELL_BUILDS_PREFIX = 'shell/';
export const REMOTE_BUILDS_PREFIX = 'mfe/';
/**
 * A build's record (locally beside its Node bundles, dist/ssr/<app>/<buildId>/publish.json; never
 * served), and beside it the mark of a build a release refused.
 */
export const BUILD_RECORD_FILE = 'publish.json';
export const REFUSAL_FILE = 'refused.json';
/** Where the variant folders live, beside the live pages; page-routes answers "not found" for them. */
export const VARIANTS_PREFIX = 'variants/';
/** A variant folder's pointer document, `variants/<folder>/remotes.json`. */
export const VARIANT_POINTER_FILE = 'remotes.json';
/** Each app's current release record (AWS): mfe/pointers/<app>.json. */
export const POINTERS_PREFIX = 'mfe/pointers/';
/** Each team's canary command (AWS): mfe/canary/<app>.json. */
export const CANARY_COMMANDS_PREFIX = 'mfe/canary/';
/** Release snapshots (AWS): releases/<app>/<release>/. */
export const RELEASES_PREFIX = 'releases/';
export const RELEASE_RECORD_FILE = 'release.json';
export const WITHDRAWN_FILE = 'withdrawn.json';
/** The release publisher's record of the edge (AWS). */
export const EDGE_RECORD_KEY = 'edge/state.json';
/**
 * The release publisher's own objects, never served to visitors: release snapshots, the current
 * records, canary commands and the edge record (a key or, ending in "/", a prefix). CloudFront is denied
 * them (infra/lib/site-stack.ts, KeepReleaseInputsPrivate); the local server, whose dist/site holds
 * them too (the local release's store), answers not found (`isPublisherObject`).
 */
export const PUBLISHER_OBJECTS: readonly string[] = [RELEASES_PREFIX, POINTERS_PREFIX, CANARY_COMMANDS_PREFIX, EDGE_RECORD_KEY];
/** Whether a store key is one of the publisher's own objects (PUBLISHER_OBJECTS). */
export const isPublisherObject = (key: string): boolean => PUBLISHER_OBJECTS.some((entry) => (entry.endsWith('/') ? key.startsWith(entry) : key === entry));
/**
 * What only a local dist/ knows, which AWS has no record of: the builds this dist/ made (each app's build
 * ids, when, from which source commit), so `npm run build` releases only builds it has not seen. A
 * file beside the site folder (dist/builds-made.json); the edge record is EDGE_RECORD_KEY in both places.
 */
export const LOCAL_BUILDS_MADE_FILE = 'builds-made.json';
/**
 * Where a dist/ released before the edge record lived in its store kept it, with the builds made
 * (dist/edge-state.json): read until the next release (or the local server's start) moves it.
 */
export const LEGACY_LOCAL_EDGE_STATE_FILE = 'edge-state.json';
/**
 * The local edge key-value state, the KeyValueStore's stand-in (@kesho/release-model/folder-store's
 * FileKeyValueStore): a file beside the site folder (dist/edge-key-value.json) holding EDGE_STATE_KEY and PREVIEW_LINK_SECRET_KEY,
 * which the local server reads as the CloudFront functions read the KeyValueStore.
 */
export const LOCAL_EDGE_KEY_VALUE_FILE = 'edge-key-value.json';
/**
 * The running local server's address, beside the site folder (dist/running-site.json: origin, pid):
 * what the release prints preview links with when PUBLIC_SITE_URL is not set, whatever PORT the
 * server was started with.
 */
export const LOCAL_RUNNING_SITE_FILE = 'running-site.json';
/** The edge key-value state's keys: the edge state, and the preview links' HMAC key. */
export const EDGE_STATE_KEY = 'state';
export const PREVIEW_LINK_SECRET_KEY = 'preview-key';
