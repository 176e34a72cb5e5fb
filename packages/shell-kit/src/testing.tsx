import { act, type ComponentType, type ReactNode } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { render, type RenderResult } from '@testing-library/react';
import { ShellContext } from './ShellContext';
import type { ShellApi, ToastOptions } from './contract';
import { GlobalStyle } from './globalStyle';
import { normalisePath } from './routerShell';

export interface RecordingShell extends ShellApi {
  /** Every address navigated to, in order (a replacement too). */
  readonly navigations: string[];
  readonly toasts: { message: string; options?: ToastOptions }[];
}

/**
 * A shell for unit tests: records navigations and toasts, and keeps the address and history state the
 * way a router would (`pathname`, `search` and `historyState()` follow each navigation), without
 * rendering again: a test reads what the page navigated to, not a page that changed.
 * `address` may carry a query string ("/payment?mpesa=…").
 */
export function createRecordingShell(address = '/'): RecordingShell {
  const navigations: string[] = [];
  const toasts: { message: string; options?: ToastOptions }[] = [];
  let location = new URL(address, 'http://site');
  let state: unknown = null;
  return {
    get pathname() {
      return normalisePath(location.pathname);
    },
    get search() {
      return location.search;
    },
    navigations,
    toasts,
    navigate(to, options) {
      navigations.push(to);
      location = new URL(to, location);
      state = options?.state ?? null;
    },
    historyState: () => state,
    setHistoryState(next) {
      state = next;
    },
    toast(message, options) {
      toasts.push(options ? { message, options } : { message });
    },
  };
}

export function TestShell({ shell, children }: { shell: ShellApi; children: ReactNode }) {
  return (
    <ShellContext.Provider value={shell}>
      <GlobalStyle />
      {children}
    </ShellContext.Provider>
  );
}

/**
 * Renders a page as the shell places it: inside <main id="main-content">, in a document with a
 * language and a title, so whole-page checks (axe) see what a browser would.
 */
export function renderPageInShell(path: string, Page: ComponentType, title = `Test of ${path}`): RenderResult {
  document.documentElement.lang = 'en';
  document.title = title;
  return render(
    <TestShell shell={createRecordingShell(path)}>
      <main id="main-content">
        <Page />
      </main>
    </TestShell>,
  );
}

export interface HydratedPage {
  readonly container: HTMLElement;
  /** The server-rendered h1: after a clean hydration it is still the same node. */
  readonly serverHeading: Element | null;
  readonly recoverableErrors: readonly unknown[];
  readonly errorsLogged: number;
  cleanup(): void;
}

/**
 * Renders a page to HTML as the prerenderer does, then hydrates that HTML as the browser does, and
 * reports any mismatch React recovered from or logged.
 */
export async function hydratePrerendered(path: string, Page: ComponentType): Promise<HydratedPage> {
  (globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;
  const element = (
    <ShellContext.Provider value={createRecordingShell(path)}>
      <Page />
    </ShellContext.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  const serverHeading = container.querySelector('h1');
  const recoverableErrors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverableErrors.push(error) });
  });
  const errorsLogged = consoleError.mock.calls.length;
  consoleError.mockRestore();
  return {
    container,
    serverHeading,
    recoverableErrors,
    errorsLogged,
    cleanup() {
      act(() => root?.unmount());
      container.remove();
    },
  };
}
