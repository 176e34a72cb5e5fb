import { createContext, useContext, useMemo } from 'react';
import type { ShellApi } from './contract';

/**
 * Provided by the shell (and by each remote's standalone harness). This module is a Module
 * Federation singleton, so the shell and every remote see the same context object.
 */
export const ShellContext = createContext<ShellApi | null>(null);

export function useShell(): ShellApi {
  const shell = useContext(ShellContext);
  if (!shell) throw new Error('useShell must be used inside the shell (ShellContext.Provider)');
  return shell;
}

export function useNavigate(): ShellApi['navigate'] {
  return useShell().navigate;
}

export function usePathname(): string {
  return useShell().pathname;
}

/** The current query's parameters (empty in the prerender: see `ShellApi.search`). */
export function useSearchParams(): URLSearchParams {
  const { search } = useShell();
  return useMemo(() => new URLSearchParams(search), [search]);
}

export function useToast(): ShellApi['toast'] {
  return useShell().toast;
}
