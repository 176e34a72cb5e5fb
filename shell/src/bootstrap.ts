import { RemoteLoader } from './federation/loader';
import { normalisePath, parsePointerDocument, type PointerDocument } from './federation/pointer';
import { FederatedResolver, keepPointersFresh, type ResolutionOutcome } from './federation/resolver';
import { matchRoute } from './federation/routeTable';
import { notePageShown, reportClientError, sampleRateOf, shellBuildOf, startClientEvents, type PageOnScreen } from './telemetry/clientEvents';
import { yieldToMain } from './scheduling/yieldToMain';
import { POINTERS_ELEMENT_ID, ROOT_ELEMENT_ID } from './server/documentIds';

function embeddedPointers(): PointerDocument | undefined {
  const text = document.getElementById(POINTERS_ELEMENT_ID)?.textContent;
  if (!text) return undefined;
  try {
    return parsePointerDocument(JSON.parse(text));
  } catch {
    return undefined;
  }
}

/*
 * The app's code arrives with this chunk (webpackMode "eager": no extra request), but each part is
 * evaluated in a task of its own. Evaluated at once, React DOM, styled-components and the shell's
 * components were one ~100 ms task on a phone (4x CPU throttling), during which a tap waits.
 */
/** Client events: which app and build serve what is on screen, for each page shown (telemetry/clientEvents.ts). */
function startReporting(pointers: PointerDocument | undefined, path: string): ((outcome: ResolutionOutcome) => void) | undefined {
  const shellBuild = shellBuildOf(document);
  if (!shellBuild) return undefined;
  const notFound: PageOnScreen = { route: '/(not-found)', app: 'shell', build: shellBuild };
  const match = pointers ? matchRoute(pointers, path) : null;
  const page: PageOnScreen = match ? { route: match.route.path, app: match.remote.name as PageOnScreen['app'], build: match.remote.buildId } : notFound;
  if (!startClientEvents({ builds: { shell: shellBuild }, page, sampleRate: sampleRateOf(document) })) return undefined;
  return (outcome) => {
    if (outcome.kind === 'page') notePageShown({ route: outcome.route, app: outcome.remote.name as PageOnScreen['app'], build: outcome.remote.buildId });
    else if (outcome.kind === 'not-found') notePageShown(notFound);
    else {
      const served = outcome.remote ? { route: outcome.path, app: outcome.remote.name as PageOnScreen['app'], build: outcome.remote.buildId } : { ...notFound, route: outcome.path };
      notePageShown(served);
      reportClientError('remote-load', outcome.error, served.app);
    }
  };
}

async function start() {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error(`#${ROOT_ELEMENT_ID} is missing from the page`);
  const path = normalisePath(window.location.pathname);
  const pointers = embeddedPointers();
  const observe = startReporting(pointers, path);
  const resolver = new FederatedResolver(new RemoteLoader(), pointers, observe ? { observe } : {});
  // The server's HTML is hydrated when it is the page we are about to show; otherwise (the HTML
  // belongs to another path, e.g. the not-found document) the app renders afresh.
  const hydrating = container.dataset.path === path;
  // The page's remote loads over the network while the shell's own code is evaluated.
  const resolving = resolver.resolve(path);
  // Matching the route and starting the remote's requests is a task of its own, React's evaluation the next.
  await yieldToMain();

  const { startTransition } = await import(/* webpackMode: "eager" */ 'react');
  await yieldToMain();
  const { createRoot, hydrateRoot } = await import(/* webpackMode: "eager" */ 'react-dom/client');
  await yieldToMain();
  await import(/* webpackMode: "eager" */ 'styled-components');
  await yieldToMain();
  const { browserRoot } = await import(/* webpackMode: "eager" */ './app/Root');
  await yieldToMain();

  if (hydrating) {
    // The shell does not wait for the page's code (a remote that is down retries for seconds): the
    // header, footer and banner hydrate now, the page area keeps the server's HTML in a Suspense
    // boundary until the code arrives. As a transition, hydration yields to the browser every few
    // milliseconds instead of blocking the main thread in one long task.
    const app = browserRoot({ kind: 'pending', path, resolution: resolving }, resolver, pointers);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(browserRoot(await resolving, resolver, pointers));
  }
  const refresh = () => resolver.refresh();
  if ('requestIdleCallback' in window) window.requestIdleCallback(refresh, { timeout: 5_000 });
  else setTimeout(refresh, 2_000);
  // A rollback or abort reaches this tab's next navigation within a minute, without that navigation waiting for a read.
  keepPointersFresh(resolver, document);
}

/*
 * Started in a task of its own: this chunk's arrival already evaluated its modules (the loader, the
 * resolver, the route table with react-router's matcher, client events) in the task of the script's
 * load event.
 */
void yieldToMain().then(start);
