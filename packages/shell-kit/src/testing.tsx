import type { ReactNode } from 'react';
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
