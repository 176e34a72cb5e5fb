import { StrictMode, type ReactElement } from 'react';
import { BrowserRouter } from 'react-router-dom';
import { App } from './App';
import type { PointerDocument } from '../federation/pointer';
import type { PageResolver, PendingResolution, Resolution } from './resolution';

/** The whole app as the browser runs it: the shell around the first page, in the browser's router. */
export function browserRoot(initial: Resolution | PendingResolution, resolver: PageResolver, pointers: PointerDocument | undefined): ReactElement {
  return (
    <StrictMode>
      <BrowserRouter>
        <App initial={initial} resolver={resolver} pointers={pointers} />
      </BrowserRouter>
    </StrictMode>
  );
}
