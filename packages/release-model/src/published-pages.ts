/**
 * The pages a pointer document publishes, for the two release engines (the local release on dist/,
 * the AWS publisher on the bucket): a remote's pages and feeds, and which of them a publish removes.
 * Apart from page-routes.ts, whose route rule is bundled into a CloudFront function and keeps to what
 * that runtime runs.
 */
import { feedKeyForRoute, pageKeyForRoute } from './page-routes';

/** The routes of a remote's pointer entry, as far as its pages go: a path, and whether it has a feed. */
interface ServedRoutes {
  readonly routes: readonly { readonly path: string; readonly feed?: boolean }[];
}

/** The keys of the pages a remote serves ("pages/index.html", "pages/faq.html") and of its routes' feeds ("pages/blog/rss.xml"). */
export function pageKeysOf(pointer: ServedRoutes): string[] {
  return pointer.routes.flatMap((route) => (route.feed ? [pageKeyForRoute(route.path), feedKeyForRoute(route.path)] : [pageKeyForRoute(route.path)]));
}

/**
 * The pages and feeds a live publish removes: those the document before served that the next one
 * does not (a route no remote serves any more, a feed its route dropped), one rule for both engines.
 */
export function removedPageKeys(before: { readonly remotes: readonly ServedRoutes[] }, next: { readonly remotes: readonly ServedRoutes[] }): string[] {
  const kept = new Set(next.remotes.flatMap(pageKeysOf));
  return [...new Set(before.remotes.flatMap(pageKeysOf))].filter((key) => !kept.has(key));
}
