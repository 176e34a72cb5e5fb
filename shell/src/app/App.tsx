import { Suspense, use, useCallback, useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { useLocation, useNavigate, useNavigationType } from 'react-router-dom';
import styled from 'styled-components';
import { ShellContext, tokens } from '@kesho/shell-kit';
import { useRouterShell } from '@kesho/shell-kit/router-shell';
import { normalisePath, type PointerDocument } from '../federation/pointer';
import { ErrorScreen } from '../pages/ErrorScreen';
import { NotFound } from '../pages/NotFound';
import { RemoteUnavailable, UnavailableNotice } from '../pages/RemoteUnavailable';
import { CookieBanner } from './CookieBanner';
import { ErrorBoundary } from './ErrorBoundary';
import { Footer } from './Footer';
import { Header } from './header/Header';
import { applyHead, headFor } from './head';
import { Notifications, showToast } from './Notifications';
import type { PageResolver, PendingResolution, Resolution } from './resolution';
import { useScrollRestoration } from './scrollRestoration';
import { layOutInPieces, layOutWhole } from '../scheduling/layOutInPieces';

const SkipLink = styled.a`
  position: absolute;
  left: ${tokens.space(2)};
  top: -4rem;
  z-index: 100;
  padding: ${tokens.space(2)} ${tokens.space(4)};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  border-radius: ${tokens.radius.md};
  &:focus {
    top: ${tokens.space(2)};
    color: ${tokens.color.inverseText};
  }
  @media print {
    display: none;
  }
`;

const Main = styled.main`
  display: block;
  min-height: 60vh;
  &:focus {
    outline: none;
  }
  &[aria-busy='true'] {
    opacity: 0.6;
    transition: opacity 0.2s ease 0.15s;
  }
`;

/**
 * Gives pages the router's location, history and navigation, and the shell's toasts, through the
 * shell-kit contract: remotes never create a router or hold one of their own.
 */
function ShellBridge({ children }: { children: ReactNode }) {
  const location = useLocation();
  const navigate = useNavigate();
  const api = useRouterShell(location, navigate, showToast);
  return <ShellContext.Provider value={api}>{children}</ShellContext.Provider>;
}

/** The longest each of the first page's skipped blocks waits for an idle moment (`layOutInPieces`), one after another. */
const LAY_OUT_PIECE_TIMEOUT_MS = 2_000;

/*
 * Until `<html data-laid-out>`, the first page leaves its blocks below the fold unlaid-out
 * (`content-visibility: auto`, shell-kit's `Section` bands and the footer), so its first layout covers
 * what is on screen: laid out whole, it was the longest task of the start-up at 4x CPU (issue 44).
 * The rest is laid out once the page is interactive and the main thread idle, one block per idle
 * moment (`layOutInPieces`), and whole at the first navigation at the latest: from then on every
 * block has its true size (axe and Lighthouse read their contrast against the right background, Back
 * restores exact positions).
 */
const markReady = () => {
  // Lets tests and monitoring tell a hydrated, interactive page from server HTML.
  document.documentElement.dataset.app = 'ready';
  if (document.documentElement.dataset.laidOut === undefined) layOutInPieces(LAY_OUT_PIECE_TIMEOUT_MS);
};

/** Never settles: server HTML whose page code could not be loaded stays as it is (typed text too). */
const never = new Promise<never>(() => undefined);

function PageContent({ page, attempt }: { page: Extract<Resolution, { kind: 'page' }>; attempt: number }) {
  const Page = page.Component;
  return (
    <ErrorBoundary key={`${page.path}#${attempt}`} fallback={(error, reset) => <ErrorScreen error={error} onRetry={reset} />}>
      <Page />
    </ErrorBoundary>
  );
}

/** The first page once its code has arrived; until then it suspends and its server HTML stays. */
function AwaitedPage({ resolution }: { resolution: Promise<Resolution> }) {
  const resolved = use(resolution);
  useEffect(markReady, []);
  if (resolved.kind !== 'page') return use(never);
  return <PageContent page={resolved} attempt={0} />;
}

type PageState = Resolution | PendingResolution;

function PageArea({ initial, resolver }: { initial: PageState; resolver?: PageResolver }) {
  const { pathname, key: locationKey } = useLocation();
  const navigationType = useNavigationType();
  const restoreScroll = useScrollRestoration(locationKey);
  // Read when the page for the latest location is shown, which may be a few renders later.
  const arrival = useRef({ locationKey, navigationType });
  arrival.current = { locationKey, navigationType };
  const [current, setCurrent] = useState<PageState>(initial);
  // What a pending first page turned out to be when it is not that page (its remote is down).
  const [settled, setSettled] = useState<Resolution | null>(null);
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
    if (path !== shownPath.current) {
      // Below-the-fold content of the first page may be left unlaid-out (`content-visibility: auto`
      // under `html:not([data-navigated])`, e.g. the quote builder's service cards); from the first
      // navigation on, pages are laid out whole, so Back restores exact positions.
      document.documentElement.dataset.navigated = '';
      layOutWhole();
      show(path);
    }
    // Back on the page still shown before a pending one arrived: that one is dropped, nothing is loading.
    else setBusy(false);
  }, [pathname, show]);

  useEffect(() => {
    if (current.kind !== 'pending') return;
    let live = true;
    void current.resolution.then((next) => {
      if (live && next.kind !== 'page') setSettled(next);
    });
    return () => {
      live = false;
    };
  }, [current]);

  useEffect(() => {
    if (current.kind !== 'pending' || settled) markReady();
  }, [current, settled]);

  useEffect(() => {
    if (firstRender.current) {
      firstRender.current = false;
      return;
    }
    // Only the first render is pending, and the server wrote its head.
    if (current.kind === 'pending') return;
    applyHead(headFor(current));
    // Back and Forward return to where the visitor was; a new page starts at the top (or its anchor).
    const { locationKey: key, navigationType: how } = arrival.current;
    const restored = how === 'POP' && restoreScroll(key);
    if (!restored && !window.location.hash) window.scrollTo(0, 0);
    mainRef.current?.focus({ preventScroll: true });
  }, [current, restoreScroll]);

  /*
   * The same element (same props) on every render while the first page is pending, so React leaves
   * the boundary's server HTML alone (a changed boundary would be rendered afresh, losing it) and
   * hydrates it when the page's code arrives. The prerenderer puts the page in the same boundary.
   */
  const pendingArea = useMemo(
    () =>
      current.kind === 'pending' ? (
        <Suspense fallback={null}>
          <AwaitedPage resolution={current.resolution} />
        </Suspense>
      ) : null,
    [current],
  );

  const retry = () => show(current.path);

  let notice: ReactNode = null;
  let area: ReactNode;
  if (current.kind === 'pending' && settled?.kind === 'unavailable') {
    notice = <UnavailableNotice onRetry={retry} />;
    area = pendingArea;
  } else if (current.kind === 'pending' && settled) {
    area = <NotFound path={settled.path} />;
  } else if (current.kind === 'pending') {
    area = pendingArea;
  } else if (current.kind === 'page') {
    area = (
      <Suspense fallback={null}>
        <PageContent page={current} attempt={attempt} />
      </Suspense>
    );
  } else if (current.kind === 'not-found') {
    area = <NotFound path={current.path} />;
  } else {
    area = <RemoteUnavailable onRetry={retry} />;
  }

  return (
    <Main id="main-content" ref={mainRef} tabIndex={-1} aria-busy={busy || undefined}>
      {notice}
      {area}
    </Main>
  );
}

/**
 * The pointer document the header's menus come from: the one the page was rendered with (so hydration
 * matches), then each one the resolver reads later (a release of the remote that publishes them).
 */
function usePointers(rendered: PointerDocument | undefined, resolver: PageResolver | undefined): PointerDocument | undefined {
  const [pointers, setPointers] = useState(rendered);
  useEffect(() => resolver?.watchPointers?.(setPointers), [resolver]);
  return pointers;
}

/**
 * The composed site, inside the router: a BrowserRouter in the browser, a StaticRouter in the
 * prerender. `resolver` is absent on the server: there the page is already resolved. `pointers` is
 * the pointer document the page is rendered with (the header's Services menu lists what it publishes).
 */
export function App({ initial, resolver, pointers: rendered }: { initial: Resolution | PendingResolution; resolver?: PageResolver; pointers?: PointerDocument }) {
  const pointers = usePointers(rendered, resolver);
  return (
    <>
      {/* Last line of defence: an error in the shell itself still ends on the site's error screen. */}
      <ErrorBoundary fallback={(error, reset) => <ErrorScreen error={error} onRetry={reset} />}>
        <Notifications>
          <ShellBridge>
            <SkipLink href="#main-content">Skip to main content</SkipLink>
            <Header pointers={pointers} />
            <PageArea initial={initial} {...(resolver ? { resolver } : {})} />
            <Footer />
            <CookieBanner />
          </ShellBridge>
        </Notifications>
      </ErrorBoundary>
    </>
  );
}
