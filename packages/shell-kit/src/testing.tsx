import type { ComponentType, ReactNode } from 'react';
import { render, type RenderResult } from '@testing-library/react';
import { ShellContext } from './ShellContext';
import type { ShellApi, ToastOptions } from './contract';
import { GlobalStyle } from './theme';

export interface RecordingShell extends ShellApi {
  readonly navigations: string[];
  readonly toasts: { message: string; options?: ToastOptions }[];
}

/** A shell for unit tests and standalone harnesses: records navigations and toasts. */
export function createRecordingShell(pathname = '/'): RecordingShell {
  const navigations: string[] = [];
  const toasts: { message: string; options?: ToastOptions }[] = [];
  return {
    pathname,
    navigations,
    toasts,
    navigate(to) {
      navigations.push(to);
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
