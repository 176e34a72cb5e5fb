import { useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import styled from 'styled-components';
import { ShellContext, tokens, type ShellApi } from '@kesho/shell-kit';
import { normalisePath } from '../federation/pointer';
import { ErrorScreen } from '../pages/ErrorScreen';
import { NotFound } from '../pages/NotFound';
import { RemoteUnavailable } from '../pages/RemoteUnavailable';
import { CookieBanner } from './CookieBanner';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './Header';
import { applyHead, headFor } from './head';
import { useHistory, useLocation } from './history';
import { Notifications, showToast } from './Notifications';
import type { PageResolver, Resolution } from './resolution';

const SkipLink = styled.a`
  position: absolute;
  left: ${tokens.space(2)};
  top: -4rem;
  z-index: 100;
  padding: ${tokens.space(2)} ${tokens.space(4)};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  border-radius: ${tokens.radius.md};
  &:focus { top: ${tokens.space(2)}; color: ${tokens.color.inverseText}; }
  @media print { display: none; }
`;

const Main = styled.main`
  display: block;
  min-height: 60vh;
  &:focus { outline: none; }
  &[aria-busy='true'] { opacity: 0.6; transition: opacity 0.2s ease 0.15s; }
`;

/** Gives pages the shell's navigation and toasts through the shell-kit contract. */
function ShellBridge({ children }: { children: ReactNode }) {
  const { pathname } = useLocation();
  const history = useHistory();
  const api = useMemo<ShellApi>(
    () => ({
      pathname: normalisePath(pathname),
      navigate: (to, options) => (options?.replace ? history.replace(to) : history.push(to)),
      toast: showToast,
    }),
    [pathname, history],
  );
  return <ShellContext.Provider value={api}>{children}</ShellContext.Provider>;
}

function PageArea({ initial, resolver }: { initial: Resolution; resolver?: PageResolver }) {
  const { pathname } = useLocation();
  const [current, setCurrent] = useState(initial);
  const [busy, setBusy] = useState(false);
  const [attempt, setAttempt] = useState(0);
  const wantedPath = useRef(initial.path);
  const shownPath = useRef(initial.path);
  const mainRef = useRef<HTMLElement>(null);
  const firstRender = useRef(true);

  const show = useCallback(
    (path: string) => {
      if (!resolver) return;
      setBusy(true);
      void resolver.resolve(path).then((next) => {
        // A later navigation wins over a slower earlier one.
        if (wantedPath.current !== path) return;
        shownPath.current = path;
        setCurrent(next);
        setAttempt((count) => count + 1);
        setBusy(false);
      });
    },
    [resolver],
  );

  useEffect(() => {
    const path = normalisePath(pathname);
    wantedPath.current = path;
    if (path !== shownPath.current) show(path);
  }, [pathname, show]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    applyHead(headFor(current));
    if (!window.location.hash) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [current]);

  const retry = () => show(current.path);

  let content: ReactNode;
  if (current.kind === 'page') {
    const Page = current.Component;
    content = (
      <ErrorBoundary key={`${current.path}#${attempt}`} fallback={(error, reset) => <ErrorScreen error={error} onRetry={reset} />}>
        <Page />
      </ErrorBoundary>
    );
  } else if (current.kind === 'not-found') {
    content = <NotFound path={current.path} />;
  } else {
    content = <RemoteUnavailable onRetry={retry} {...(current.preservedHtml ? { preservedHtml: current.preservedHtml } : {})} />;
  }

  return (
    <Main id="main-content" ref={mainRef} tabIndex={-1} aria-busy={busy || undefined}>
      {content}
    </Main>
  );
}

/**
 * The composed site, inside a HistoryProvider: the browser's history (client) or a fixed one (prerender).
 * `resolver` is absent on the server: there the page is already resolved.
 */
export function App({ initial, resolver }: { initial: Resolution; resolver?: PageResolver }) {
  useEffect(() => {
    // Lets tests and monitoring tell a hydrated, interactive page from server HTML.
    document.documentElement.dataset.app = 'ready';
  }, []);
  return (
    <>
      {/* Last line of defence: an error in the shell itself still ends on the SPEC's error screen. */}
      <ErrorBoundary fallback={(error, reset) => <ErrorScreen error={error} onRetry={reset} />}>
        <Notifications>
          <ShellBridge>
            <SkipLink href="#main-content">Skip to main content</SkipLink>
            <Header />
            <PageArea initial={initial} {...(resolver ? { resolver } : {})} />
            <Footer />
            <CookieBanner />
          </ShellBridge>
        </Notifications>
      </ErrorBoundary>
    </>
  );
}
