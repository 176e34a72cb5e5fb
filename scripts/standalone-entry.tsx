/**
 * The minimal host a remote team runs alone (`npm start -w mfe-<name>`): the shell's global style,
 * history navigation, a toast line and an index of the remote's own routes, around the same route
 * modules the shell loads through federation. Not part of any production build.
 */
import { StrictMode, useEffect, useState, type ComponentType } from 'react';
import { createRoot } from 'react-dom/client';
import { GlobalStyle, ShellContext, type ShellApi, type ToastOptions } from '@kesho/shell-kit';
// Resolved by the standalone build to the remote's own src/routes.ts.
import { routes } from 'standalone-remote-routes';

function StandaloneHost() {
  const [pathname, setPathname] = useState(window.location.pathname);
  const [Page, setPage] = useState<ComponentType | null>(null);
  const [toast, setToast] = useState<{ message: string; options?: ToastOptions } | null>(null);

  useEffect(() => {
    const onPop = () => setPathname(window.location.pathname);
    window.addEventListener('popstate', onPop);
    return () => window.removeEventListener('popstate', onPop);
  }, []);

  useEffect(() => {
    const route = routes.find((candidate) => candidate.path === pathname);
    setPage(null);
    if (!route) return;
    document.title = route.title;
    void route.load().then((module) => setPage(() => module.default));
  }, [pathname]);

  const shell: ShellApi = {
    pathname,
    navigate(to, options) {
      if (options?.replace) window.history.replaceState(null, '', to);
      else window.history.pushState(null, '', to);
      setPathname(new URL(to, window.location.href).pathname);
    },
    toast(message, options) {
      setToast(options ? { message, options } : { message });
    },
  };

  return (
    <ShellContext.Provider value={shell}>
      <GlobalStyle />
      <header style={{ padding: '0.5rem 1rem', background: '#fef3c7' }}>
        <strong>Standalone remote</strong> ·{' '}
        {routes.map((route) => (
          <a key={route.path} href={route.path} style={{ marginRight: '0.75rem' }}>
            {route.path}
          </a>
        ))}
      </header>
      <main id="main-content">{Page ? <Page /> : <p style={{ padding: '2rem' }}>No page of this remote at {pathname}.</p>}</main>
      <section aria-label="Notifications" aria-live="polite" style={{ position: 'fixed', bottom: 16, right: 16 }}>
        {toast ? (
          <p style={{ background: '#fff', border: '1px solid #ccc', padding: '0.75rem' }}>
            <strong>{toast.message}</strong> {toast.options?.description}{' '}
            <button type="button" onClick={() => setToast(null)}>
              Dismiss
            </button>
          </p>
        ) : null}
      </section>
    </ShellContext.Provider>
  );
}

createRoot(document.getElementById('root') as HTMLElement).render(
  <StrictMode>
    <StandaloneHost />
  </StrictMode>,
);
