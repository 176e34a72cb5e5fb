import { createContext, useContext } from 'react';
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

export function useToast(): ShellApi['toast'] {
  return useShell().toast;
}
