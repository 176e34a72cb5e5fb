/**
 * The minimal host a remote team runs alone (`npm start -w mfe-<name>`): the shell's global style,
 * react-router (the shell's router) behind the shell-kit contract, a toast line and an index of the
 * remote's own routes, around the same route modules the shell loads through federation. Not part of
 * any production build.
 */
import { lazy, StrictMode, Suspense, useCallback, useEffect, useState, type ReactNode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter, Route, Routes, useLocation, useNavigate } from 'react-router';
import { ShellContext, type PageRoute, type ToastOptions } from '@kesho/shell-kit';
import { GlobalStyle } from '@kesho/shell-kit/global-style';
import { useRouterShell } from '@kesho/shell-kit/router-shell';
// Resolved by the standalone build to the remote's own src/routes.ts.
import { routes } from 'standalone-remote-routes';

const pages = routes.map((route) => ({ route, Page: lazy(route.load) }));

function RoutePage({ route, children }: { route: PageRoute; children: ReactNode }) {
  useEffect(() => {
    document.title = route.title;
  }, [route.title]);
  return <Suspense fallback={<p style={{ padding: '2rem' }}>Loading {route.path}…</p>}>{children}</Suspense>;
}

function NoPage() {
  return <p style={{ padding: '2rem' }}>No page of this remote at {useLocation().pathname}.</p>;
}

function StandaloneHost() {
  const [toast, setToast] = useState<{ message: string; options?: ToastOptions } | null>(null);
  const showToast = useCallback((message: string, options?: ToastOptions) => setToast(options ? { message, options } : { message }), []);
  const shell = useRouterShell(useLocation(), useNavigate(), showToast);

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
      <main id="main-content">
        <Routes>
          {pages.map(({ route, Page }) => (
            <Route
              key={route.path}
              path={route.path}
              caseSensitive
              element={
                <RoutePage route={route}>
                  <Page />
                </RoutePage>
              }
            />
          ))}
          <Route path="*" element={<NoPage />} />
        </Routes>
      </main>
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
    <BrowserRouter>
      <StandaloneHost />
    </BrowserRouter>
  </StrictMode>,
);
