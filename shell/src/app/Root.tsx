import { StrictMode, type ReactElement } from 'react';
import { App } from './App';
import { createBrowserHistory, HistoryProvider } from './history';
import type { PageResolver, PendingResolution, Resolution } from './resolution';

/** The whole app as the browser runs it: the shell around the first page, following the address bar. */
export function browserRoot(initial: Resolution | PendingResolution, resolver: PageResolver): ReactElement {
  return (
    <StrictMode>
      <HistoryProvider history={createBrowserHistory()}>
        <App initial={initial} resolver={resolver} />
      </HistoryProvider>
    </StrictMode>
  );
}
