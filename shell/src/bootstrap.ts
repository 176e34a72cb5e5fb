import { RemoteLoader } from './federation/loader';
import { normalisePath, parsePointerDocument, type PointerDocument } from './federation/pointer';
import { FederatedResolver } from './federation/resolver';
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
async function start() {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error(`#${ROOT_ELEMENT_ID} is missing from the page`);
  const resolver = new FederatedResolver(new RemoteLoader(), embeddedPointers());
  const path = normalisePath(window.location.pathname);
  // The server's HTML is hydrated when it is the page we are about to show; otherwise (the HTML
  // belongs to another path, e.g. the not-found document) the app renders afresh.
  const hydrating = container.dataset.path === path;
  // The page's remote loads over the network while the shell's own code is evaluated.
  const resolving = resolver.resolve(path);

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
    const app = browserRoot({ kind: 'pending', path, resolution: resolving }, resolver);
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(browserRoot(await resolving, resolver));
  }
  const refresh = () => resolver.refresh();
  if ('requestIdleCallback' in window) window.requestIdleCallback(refresh, { timeout: 5_000 });
  else setTimeout(refresh, 2_000);
}

void start();
