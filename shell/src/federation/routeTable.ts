import { matchRoutes, type RouteObject } from 'react-router-dom';
import type { PointerDocument, RemotePointer, RoutePointer } from './pointer';

/** What a route of the table stands for: the route as the pointer document lists it, and its remote. */
export interface RouteMatch {
  readonly remote: RemotePointer;
  readonly route: RoutePointer;
}

interface Claim extends RouteMatch {
  readonly segments: readonly string[];
}

const segmentsOf = (path: string) => path.split('/').filter(Boolean);

/*
 * A route sits under the longest other route whose path is a whole-segment prefix of its own
 * ("/blog/choosing-canada" under "/blog", "/services/visa" under "/services"), so a remote's nested
 * pages are nested routes of the router, and a parent that is a page itself is the index of its
 * children. Case-sensitive like the prerendered files: "/FAQ" is not "/faq".
 */
function nest(claims: readonly Claim[], parentSegments: readonly string[]): RouteObject[] {
  const depth = parentSegments.length;
  const below = claims.filter((claim) => claim.segments.length > depth && parentSegments.every((segment, i) => claim.segments[i] === segment));
  const direct = below.filter(
    (claim) =>
      !below.some((other) => other !== claim && other.segments.length < claim.segments.length && claim.segments.slice(0, other.segments.length).join('/') === other.segments.join('/')),
  );
  return direct.map((claim) => {
    const path = claim.segments.slice(depth).join('/');
    const handle: RouteMatch = { remote: claim.remote, route: claim.route };
    const children = nest(below, claim.segments);
    if (children.length === 0) return { path, caseSensitive: true, handle };
    return { path, caseSensitive: true, children: [{ index: true, handle }, ...children] };
  });
}

/**
 * The router's route table, built from the pointer document: every route each remote claims, nested
 * by path. Each route's `handle` names the remote that serves it; its page module is loaded only
 * when the route is visited (federation/loader.ts).
 */
export function routeTable(pointers: PointerDocument): RouteObject[] {
  const claims: Claim[] = pointers.remotes.flatMap((remote) => remote.routes.map((route) => ({ remote, route, segments: segmentsOf(route.path) })));
  const home = claims.find((claim) => claim.segments.length === 0);
  const nested = nest(claims, []);
  return [{ path: '/', children: [...(home ? [{ index: true, handle: { remote: home.remote, route: home.route } }] : []), ...nested] }];
}

const tables = new WeakMap<PointerDocument, RouteObject[]>();

/** The remote and route serving `pathname` (a trailing slash is ignored), or null: not found. */
export function matchRoute(pointers: PointerDocument, pathname: string): RouteMatch | null {
  let table = tables.get(pointers);
  if (!table) {
    table = routeTable(pointers);
    tables.set(pointers, table);
  }
  const matches = matchRoutes(table, pathname);
  const leaf = matches?.[matches.length - 1]?.route.handle as RouteMatch | undefined;
  return leaf ?? null;
}
