/**
 * The pointer document, /mfe/remotes.json: where each remote's current build is and which routes it
 * serves. The release scripts write it (scripts/lib/release-engine.mjs), the shell reads it at run time
 * (shell/src/federation/pointer.ts); both go through this one schema, so a document one of them
 * accepts the other does too. Releasing or rolling back a remote changes this document, never the
 * shell.
 */
import { POINTER_DOCUMENT_URL } from './site-keys';
export interface RoutePointer {
  /** "/" or "/segment[/segment…]" (letters, digits, "-" and "_"). */
  readonly path: string;
  readonly title: string;
  readonly description: string;
  /** In the sitemap and llms.txt (false for pages such as /payment). */
  readonly listed: boolean;
  /** Has a feed at "<path>/rss.xml", published with its pages (absent: none). */
  readonly feed?: true;
  /** Where the shell's header lists the page, if it does (the Services menu lists the service pages). */
  readonly menu?: RouteMenuEntry;
}

/**
 * A page's place in one of the shell's menus, as the remote that serves it publishes it: renaming,
 * adding or reordering a service page is a release of marketing alone, and the shell's Services menu
 * follows (every page is prerendered again when a release changes a menu, see scripts/lib/release-engine.mjs).
 */
export interface RouteMenuEntry {
  /** Which menu, e.g. "services". */
  readonly group: string;
  /** The link's text in the menu. */
  readonly label: string;
  /** Its place in the menu, smallest first. */
  readonly order: number;
}

/** A menu as the header shows it: its pages' links, in order. */
export type SiteMenu = readonly { readonly label: string; readonly path: string }[];

export interface RemotePointer {
  /** Federation name of the remote, e.g. "legal". */
  readonly name: string;
  /** Build id: the remote's assets live under /mfe/<name>/<buildId>/. */
  readonly buildId: string;
  /** URL of the remote's mf-manifest.json, under /mfe/<name>/<buildId>/. */
  readonly manifest: string;
  readonly routes: readonly RoutePointer[];
}

export interface PointerDocument {
  readonly remotes: readonly RemotePointer[];
}

export const POINTER_URL = POINTER_DOCUMENT_URL;

const REMOTE_NAME = /^[a-z][a-z0-9_]*$/;
/**
 * Names no remote may take: `shell` is the shell's app name, and a remote's files live under
 * `mfe/<name>/`, where `mfe/pointers/` and `mfe/canary/` hold every app's current-release record and
 * canary command in the deployed bucket (infra/lib/team-keys.ts): a remote with such a name would be
 * given write access to them.
 */
export const RESERVED_REMOTE_NAMES = ['shell', 'pointers', 'canary'] as const;
const BUILD_ID = /^[A-Za-z0-9][A-Za-z0-9._-]*$/;
const ROUTE_PATH = /^\/(?:[A-Za-z0-9_-]+(?:\/[A-Za-z0-9_-]+)*)?$/;
const MENU_GROUP = /^[a-z][a-z0-9-]*$/;
const MAX_MENU_LABEL = 60;

export class PointerDocumentError extends Error {
  constructor(why: string) {
    super(`Invalid remote pointer document: ${why}`);
    this.name = 'PointerDocumentError';
  }
}

function fail(why: string): never {
  throw new PointerDocumentError(why);
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function isRemoteName(value: unknown): value is string {
  return typeof value === 'string' && REMOTE_NAME.test(value);
}

export function isBuildId(value: unknown): value is string {
  return typeof value === 'string' && BUILD_ID.test(value);
}

/** Where a build's assets live: "/mfe/legal/abc123/". */
export function buildPrefix(name: string, buildId: string): string {
  return `/mfe/${name}/${buildId}/`;
}

function parseRoute(value: unknown, remote: string): RoutePointer {
  if (!isRecord(value) || typeof value.path !== 'string' || !ROUTE_PATH.test(value.path)) fail(`remote ${remote} has a route without a valid path`);
  const { path, title, description } = value;
  if (typeof title !== 'string' || typeof description !== 'string') fail(`route ${path} of ${remote} needs a title and a description`);
  // `indexable` is what pointers written before the field was renamed call it (a rollback target).
  const listed = value.listed ?? value.indexable ?? true;
  if (typeof listed !== 'boolean') fail(`route ${path} of ${remote}: "listed" must be true or false`);
  const feed = value.feed ?? false;
  if (typeof feed !== 'boolean') fail(`route ${path} of ${remote}: "feed" must be true or false`);
  return {
    path,
    title,
    description,
    listed,
    ...(feed ? { feed } : {}),
    ...(value.menu === undefined ? {} : { menu: parseMenuEntry(value.menu, `route ${path} of ${remote}`) }),
  };
}

function parseMenuEntry(value: unknown, where: string): RouteMenuEntry {
  const { group, label, order } = isRecord(value) ? value : {};
  if (typeof group !== 'string' || !MENU_GROUP.test(group) || typeof label !== 'string' || !label.trim() || label.length > MAX_MENU_LABEL || !Number.isInteger(order)) {
    fail(`${where}: "menu" needs a lower-case group such as "services", a label of 1 to ${MAX_MENU_LABEL} characters and a whole-number order`);
  }
  return { group, label, order: order as number };
}

/**
 * The pages a document lists in one menu, in order (then by label): what the shell's header shows
 * and what a release compares to know whether every page must be rendered again.
 */
export function siteMenu(document: PointerDocument, group: string): SiteMenu {
  return document.remotes
    .flatMap((remote) => remote.routes)
    .flatMap((route) => (route.menu?.group === group ? [{ ...route.menu, path: route.path }] : []))
    .sort((a, b) => a.order - b.order || (a.label < b.label ? -1 : a.label > b.label ? 1 : 0))
    .map(({ label, path }) => ({ label, path }));
}

/** Every menu a document lists, by group. */
export function siteMenus(document: PointerDocument): Readonly<Record<string, SiteMenu>> {
  const groups = new Set(document.remotes.flatMap((remote) => remote.routes.flatMap((route) => (route.menu ? [route.menu.group] : []))));
  return Object.fromEntries([...groups].sort().map((group) => [group, siteMenu(document, group)]));
}

/** One remote's entry; the copy returned carries only the schema's fields. */
export function parseRemotePointer(value: unknown, index = 0): RemotePointer {
  if (!isRecord(value)) return fail(`remote ${index} is not an object`);
  const { name, buildId, manifest, routes } = value;
  if (!isRemoteName(name)) return fail(`remote ${index} has no valid name`);
  if ((RESERVED_REMOTE_NAMES as readonly string[]).includes(name)) return fail(`remote ${index} cannot be called "${name}" (reserved: ${RESERVED_REMOTE_NAMES.join(', ')})`);
  if (!isBuildId(buildId)) return fail(`remote ${name} has no build id`);
  if (typeof manifest !== 'string' || !manifest.startsWith(buildPrefix(name, buildId))) {
    return fail(`remote ${name} has no manifest path under ${buildPrefix(name, buildId)}`);
  }
  if (!Array.isArray(routes)) return fail(`remote ${name} has no routes`);
  return { name, buildId, manifest, routes: routes.map((route) => parseRoute(route, name)) };
}

/**
 * A whole document: every remote valid, each named once, each route served by one remote only (two
 * claims would make the page a visitor gets depend on the order of the list).
 */
export function parsePointerDocument(value: unknown): PointerDocument {
  if (!isRecord(value) || !Array.isArray(value.remotes)) return fail('no remotes list');
  const remotes = value.remotes.map((remote, index) => parseRemotePointer(remote, index));
  const names = new Set<string>();
  const owners = new Map<string, string>();
  for (const remote of remotes) {
    if (names.has(remote.name)) fail(`remote ${remote.name} is listed twice`);
    names.add(remote.name);
    for (const route of remote.routes) {
      const owner = owners.get(route.path);
      if (owner) fail(`route ${route.path} is claimed by both ${owner} and ${remote.name}`);
      owners.set(route.path, remote.name);
    }
  }
  return { remotes };
}

/** The document with one remote's entry put in (a release or a rollback is exactly this), validated. */
export function withRemote(document: PointerDocument, pointer: RemotePointer): PointerDocument {
  const remotes = [...document.remotes.filter((remote) => remote.name !== pointer.name), pointer];
  remotes.sort((a, b) => (a.name < b.name ? -1 : a.name > b.name ? 1 : 0));
  return parsePointerDocument({ remotes });
}
