import { StrictMode, startTransition } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { App } from './app/App';
import { createBrowserHistory, HistoryProvider } from './app/history';
import { RemoteLoader } from './federation/loader';
import { normalisePath, parsePointerDocument, type PointerDocument } from './federation/pointer';
import { FederatedResolver } from './federation/resolver';
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

async function start() {
  const container = document.getElementById(ROOT_ELEMENT_ID);
  if (!container) throw new Error(`#${ROOT_ELEMENT_ID} is missing from the page`);
  const resolver = new FederatedResolver(new RemoteLoader(), embeddedPointers());
  const path = normalisePath(window.location.pathname);
  const prerenderedPath = container.dataset.path;
  const preservedHtml = prerenderedPath === path ? document.getElementById('main-content')?.innerHTML : undefined;
  const initial = await resolver.resolve(path, preservedHtml);

  const app = (
    <StrictMode>
      <HistoryProvider history={createBrowserHistory()}>
        <App initial={initial} resolver={resolver} />
      </HistoryProvider>
    </StrictMode>
  );
  // The server's HTML is hydrated when it is the page we are about to show; otherwise (a remote
  // failed, or the HTML belongs to another path) the app renders afresh.
  if (prerenderedPath === path && initial.kind !== 'unavailable') {
    // As a transition, hydration yields to the browser every few milliseconds instead of blocking
    // the main thread in one long task; the server HTML is on screen meanwhile.
    startTransition(() => {
      hydrateRoot(container, app);
    });
  } else {
    createRoot(container).render(app);
  }
  const refresh = () => resolver.refresh();
  if ('requestIdleCallback' in window) window.requestIdleCallback(refresh, { timeout: 5_000 });
  else setTimeout(refresh, 2_000);
}

void start();
