import type { ReactElement } from 'react';
import { renderToString } from 'react-dom/server';
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Link, useNavigate, useSearchParams, useShell, useToast } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';
import { App } from '../src/app/App';
import { MemoryRouter, useLocation, useNavigationType } from 'react-router-dom';
import type { PageResolver, Resolution } from '../src/app/resolution';
import { parsePointerDocument, type PointerDocument, type RemotePointer } from '../src/federation/pointer';
import { FederatedResolver } from '../src/federation/resolver';
import { hydrateRoot } from 'react-dom/client';
import { useState } from 'react';

function page(path: string, Component: () => ReactElement): Resolution {
  return { kind: 'page', path, route: { path, title: `${path} title`, description: 'd', load: async () => ({ default: Component }) }, Component };
}

/** jsdom evaluates no media queries, so the page is laid out as on a phone: open the menu first. */
async function openMenu(user: ReturnType<typeof userEvent.setup>) {
  await user.click(screen.getByRole('button', { name: /Menu/ }));
  return screen.getByRole('navigation', { name: 'Main' });
}

/** Marketing as the pointer document lists it: its service pages, each with its place in the Services menu. */
function marketingPointers(services: readonly (readonly [path: string, label: string])[]) {
  return parsePointerDocument({
    remotes: [
      {
        name: 'marketing',
        buildId: 'm1',
        manifest: '/mfe/marketing/m1/mf-manifest.json',
        routes: [
          { path: '/services', title: 'Our Services', description: 'd' },
          ...services.map(([path, label], index) => ({ path, title: `${label} | Kesho`, description: 'd', menu: { group: 'services', label, order: index + 1 } })),
        ],
      },
    ],
  });
}

const servicePointers = marketingPointers([
  ['/services/admissions', 'University Admissions'],
  ['/services/visa', 'Visa & Immigration'],
  ['/services/scholarships', 'Scholarships'],
  ['/services/career', 'Career Counseling'],
  ['/services/partners', 'Partner Services'],
]);

function renderApp(initial: Resolution, resolver?: PageResolver, pointers: PointerDocument = servicePointers) {
  return render(
    <MemoryRouter initialEntries={[initial.path]}>
      <App initial={initial} pointers={pointers} {...(resolver ? { resolver } : {})} />
    </MemoryRouter>,
  );
}

beforeEach(() => {
  window.localStorage.clear();
  window.matchMedia = jest.fn().mockReturnValue({ matches: true, addEventListener: jest.fn(), removeEventListener: jest.fn() });
  window.scrollTo = jest.fn();
});

describe('the header', () => {
  it('lists the navigation entries and marks the active page', async () => {
    const user = userEvent.setup();
    renderApp(page('/faq', () => <h1>FAQ</h1>));
    const nav = await openMenu(user);
    for (const name of ['Home', 'About Us', 'Custom Quote', 'Pricing', 'FAQ', 'Contact']) {
      expect(within(nav).getByRole('link', { name })).toBeInTheDocument();
    }
    expect(within(nav).getByRole('button', { name: /Services/ })).toBeInTheDocument();
    expect(within(nav).getByRole('link', { name: 'FAQ' })).toHaveAttribute('aria-current', 'page');
    expect(within(nav).getByRole('link', { name: 'Home' })).not.toHaveAttribute('aria-current');
  });

  // jsdom implements no popovers; the opening itself (tap, hover, Escape, JS off) is covered by e2e/tests/shell.spec.ts.
  it('wires the services dropdown as a native popover of its button, with every service link', async () => {
    const user = userEvent.setup();
    renderApp(page('/', () => <h1>Home</h1>));
    await openMenu(user);
    const button = screen.getByRole('button', { name: /Services/ });
    const list = document.getElementById(button.getAttribute('popovertarget') ?? '');
    expect(list).not.toBeNull();
    expect(list).toHaveAttribute('popover', 'auto');
    expect(button).toHaveAttribute('aria-controls', list?.id);
    expect(button).toHaveAttribute('aria-expanded', 'false');
    const links = ['All Services', 'University Admissions', 'Visa & Immigration', 'Scholarships', 'Career Counseling', 'Partner Services'];
    for (const name of links) expect(within(list as HTMLElement).getByRole('link', { name })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Visa & Immigration' })).toHaveAttribute('href', '/services/visa');
  });

  it('lists in the Services menu what marketing publishes: a renamed page is followed, in the prerender and after a new document is read', async () => {
    const renamed = marketingPointers([
      ['/services/admissions', 'University Admissions'],
      ['/services/student-visas', 'Student Visas'],
    ]);
    const html = renderToString(
      <MemoryRouter initialEntries={['/']}>
        <App
          initial={page('/', () => (
            <h1>Home</h1>
          ))}
          pointers={renamed}
        />
      </MemoryRouter>,
    );
    expect(html).toContain('href="/services/student-visas"');
    expect(html).toContain('>Student Visas<');
    expect(html).not.toContain('Visa &amp; Immigration');

    // An open tab reads the document again (a marketing release): the menu follows it.
    let publish: (pointers: PointerDocument) => void = () => undefined;
    const resolver: PageResolver = {
      resolve: async (path) => page(path, () => <h1>Page at {path}</h1>),
      watchPointers: (listener) => {
        publish = listener;
        return () => undefined;
      },
    };
    renderApp(
      page('/', () => <h1>Home</h1>),
      resolver,
      servicePointers,
    );
    expect(screen.getByRole('link', { name: 'Visa & Immigration', hidden: true })).toHaveAttribute('href', '/services/visa');
    act(() => publish(renamed));
    expect(screen.getByRole('link', { name: 'Student Visas', hidden: true })).toHaveAttribute('href', '/services/student-visas');
    expect(screen.queryByRole('link', { name: 'Visa & Immigration', hidden: true })).not.toBeInTheDocument();
  });

  it('marks the current page exactly and case-sensitively, as the routes match', () => {
    renderApp(page('/services/visa', () => <h1>Visa</h1>));
    const current = screen.getAllByRole('link', { hidden: true }).filter((link) => link.getAttribute('aria-current') === 'page');
    expect(current.map((link) => link.textContent)).toEqual(['Visa & Immigration']);
    expect(screen.getByRole('button', { name: /Services/, hidden: true })).toHaveAttribute('data-active', 'true');
  });

  it('wires the small-screen menu button to the navigation popover, with the same markup on the server', () => {
    const initial = page('/', () => <h1>Home</h1>);
    const html = renderToString(
      <MemoryRouter initialEntries={['/']}>
        <App initial={initial} />
      </MemoryRouter>,
    );
    // No open state in the server markup: before hydration the browser's own popover state is the truth.
    expect(html).toMatch(/<button[^>]*popovertarget="[^"]+"[^>]*>/i);
    expect(html).not.toMatch(/<button[^>]*popovertarget[^>]*aria-expanded/i);
    expect(html).toMatch(/<nav[^>]*popover="auto"/);
    renderApp(initial);
    const toggle = screen.getByRole('button', { name: /Menu/ });
    const nav = screen.getByRole('navigation', { name: 'Main' });
    expect(toggle).toHaveAttribute('popovertarget', nav.id);
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
  });
});

describe('the footer', () => {
  it('shows the company facts from the site configuration and the quick and legal links', () => {
    renderApp(page('/', () => <h1>Home</h1>));
    const footer = screen.getByRole('contentinfo');
    for (const text of [site.legalName, site.companyNumber, site.postalAddress.display, site.registeredOffice.display, site.phone.display, site.email]) {
      expect(footer).toHaveTextContent(text);
    }
    expect(footer).toHaveTextContent('SSL secured');
    expect(footer).toHaveTextContent('Monday to Saturday, 9:00 AM to 6:00 PM');
    const quick = within(screen.getByRole('navigation', { name: 'Quick links' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(quick).toEqual(['/about', '/services', '/pricing', '/faq', '/contact']);
    const legal = within(screen.getByRole('navigation', { name: 'Legal' }))
      .getAllByRole('link')
      .map((a) => a.getAttribute('href'));
    expect(legal).toEqual(['/terms', '/privacy', '/refund', '/cookie-policy', '/ethics']);
  });
});

describe('the cookie banner', () => {
  it.each([
    ['Accept', 'accepted'],
    ['Reject', 'rejected'],
    ['Close cookie banner', 'rejected'],
  ])('stores the choice made with %s and hides', async (button, stored) => {
    const user = userEvent.setup();
    renderApp(page('/', () => <h1>Home</h1>));
    const banner = await screen.findByRole('region', { name: 'Cookie consent' });
    expect(within(banner).getByRole('link', { name: /^Learn more/ })).toHaveAttribute('href', '/cookie-policy');
    await user.click(within(banner).getByRole('button', { name: button }));
    expect(window.localStorage.getItem('cookieConsent')).toBe(stored);
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('arrives in the prerendered markup hidden, since the server cannot know the choice', () => {
    const html = renderToString(
      <MemoryRouter initialEntries={['/']}>
        <App
          initial={page('/', () => (
            <h1>Home</h1>
          ))}
        />
      </MemoryRouter>,
    );
    expect(html).toMatch(/<section[^>]*aria-label="Cookie consent"[^>]*hidden=""/);
    expect(html).toContain('We value your privacy');
  });

  it('stays hidden once a choice is stored: read, the banner leaves the page', async () => {
    window.localStorage.setItem('cookieConsent', 'accepted');
    renderApp(page('/', () => <h1>Home</h1>));
    // Unread, the banner is in the page, hidden; once the stored choice is read it is not rendered at all.
    await waitFor(() => expect(document.querySelector('section[aria-label="Cookie consent"]')).toBeNull());
    expect(screen.queryByRole('region', { name: 'Cookie consent' })).not.toBeInTheDocument();
  });

  it('reads the stored choice in a task of its own after mounting, not in the task that mounts the app', async () => {
    const read = jest.spyOn(Storage.prototype, 'getItem');
    try {
      renderApp(page('/', () => <h1>Home</h1>));
      await act(async () => undefined);
      expect(read).not.toHaveBeenCalledWith('cookieConsent');
      expect(document.querySelector('section[aria-label="Cookie consent"]')).toHaveAttribute('hidden');
      expect(await screen.findByRole('region', { name: 'Cookie consent' })).toBeVisible();
      expect(read).toHaveBeenCalledWith('cookieConsent');
    } finally {
      read.mockRestore();
    }
  });
});

describe('the page area', () => {
  it('shows the not-found screen and logs the missing path', async () => {
    const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
    renderApp({ kind: 'not-found', path: '/nowhere' });
    expect(screen.getByRole('heading', { level: 1, name: 'Oops! Page not found' })).toBeInTheDocument();
    expect(screen.getByRole('link', { name: 'Return to Home' })).toHaveAttribute('href', '/');
    expect(log).toHaveBeenCalledWith(expect.stringContaining('404'), '/nowhere');
  });

  it('contains a page that throws while rendering: error screen with its message, the rest still works', async () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    const Broken = (): ReactElement => {
      throw new Error('The pricing table is missing');
    };
    renderApp(page('/pricing', Broken));
    expect(screen.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeInTheDocument();
    expect(screen.getByText('The pricing table is missing')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: /Menu/ })).toBeInTheDocument();
    expect(screen.getByRole('contentinfo')).toBeInTheDocument();
  });

  it('offers a retry and the contact details when a remote cannot be loaded', async () => {
    const user = userEvent.setup();
    const resolver: PageResolver = { resolve: jest.fn(async (path: string) => page(path, () => <h1>Terms of Service</h1>)) };
    renderApp({ kind: 'unavailable', path: '/terms', remoteName: 'legal' }, resolver);
    expect(screen.getByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
    expect(screen.getByRole('main')).toHaveTextContent(site.phone.display);
    await user.click(screen.getByRole('button', { name: 'Retry' }));
    expect(await screen.findByRole('heading', { name: 'Terms of Service' })).toBeInTheDocument();
  });

  it('navigates between pages through the resolver and updates the title', async () => {
    const user = userEvent.setup();
    const resolver: PageResolver = { resolve: jest.fn(async (path: string) => page(path, () => <h1>Page at {path}</h1>)) };
    renderApp(
      page('/', () => <h1>Home</h1>),
      resolver,
    );
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'FAQ' }));
    expect(await screen.findByRole('heading', { name: 'Page at /faq' })).toBeInTheDocument();
    expect(document.title).toBe('/faq title');
  });

  it('lays pages out whole from the first navigation on (<html data-navigated>: the first page alone leaves below-the-fold bands for later)', async () => {
    const user = userEvent.setup();
    delete document.documentElement.dataset.navigated;
    const resolver: PageResolver = { resolve: jest.fn(async (path: string) => page(path, () => <h1>Page at {path}</h1>)) };
    renderApp(
      page('/', () => <h1>Home</h1>),
      resolver,
    );
    expect(await screen.findByRole('heading', { name: 'Home' })).toBeInTheDocument();
    expect(document.documentElement.dataset.navigated).toBeUndefined();
    delete document.documentElement.dataset.laidOut;
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'FAQ' }));
    expect(document.documentElement.dataset.laidOut).toBe('');
    expect(await screen.findByRole('heading', { name: 'Page at /faq' })).toBeInTheDocument();
    expect(document.documentElement.dataset.navigated).toBe('');
  });

  it('going back to the page still shown while another is loading leaves nothing marked busy', async () => {
    const user = userEvent.setup();
    let finishFaq: (resolution: Resolution) => void = () => undefined;
    const resolver: PageResolver = {
      resolve: jest.fn((path: string) => (path === '/faq' ? new Promise<Resolution>((resolve) => (finishFaq = resolve)) : Promise.resolve(page(path, () => <h1>Page at {path}</h1>)))),
    };
    renderApp(
      page('/', () => <h1>Home</h1>),
      resolver,
    );
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'FAQ' }));
    await waitFor(() => expect(screen.getByRole('main')).toHaveAttribute('aria-busy', 'true'));
    await user.click(within(await openMenu(user)).getByRole('link', { name: 'Home' }));
    await waitFor(() => expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy'));
    await act(async () => finishFaq(page('/faq', () => <h1>Page at /faq</h1>)));
    expect(screen.getByRole('heading', { level: 1, name: 'Home' })).toBeInTheDocument();
    expect(screen.getByRole('main')).not.toHaveAttribute('aria-busy');
  });
});

describe('routing through the router', () => {
  /** Where the router is and how it got there, read beside the app. */
  function RouterProbe() {
    const location = useLocation();
    const how = useNavigationType();
    return <output aria-label="router">{`${location.pathname} ${how}`}</output>;
  }

  function TermsPage() {
    const navigate = useNavigate();
    return (
      <>
        <h1>Terms of Service</h1>
        <Link to="/privacy">Privacy</Link>
        <button type="button" onClick={() => navigate('/refund', { replace: true })}>
          Refunds
        </button>
      </>
    );
  }

  function renderTerms() {
    const resolver: PageResolver = { resolve: jest.fn(async (path: string) => page(path, () => <h1>Page at {path}</h1>)) };
    render(
      <MemoryRouter initialEntries={['/terms']}>
        <App initial={page('/terms', TermsPage)} resolver={resolver} />
        <RouterProbe />
      </MemoryRouter>,
    );
  }

  it("pushes a router entry for a remote page's Link", async () => {
    renderTerms();
    await userEvent.setup().click(screen.getByRole('link', { name: 'Privacy' }));
    expect(await screen.findByRole('heading', { name: 'Page at /privacy' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'router' })).toHaveTextContent('/privacy PUSH');
  });

  it('replaces the router entry when a remote page navigates with replace', async () => {
    renderTerms();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Refunds' }));
    expect(await screen.findByRole('heading', { name: 'Page at /refund' })).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'router' })).toHaveTextContent('/refund REPLACE');
  });

  it("gives a page the router's query and history state, and its writes go through the router", async () => {
    const seen: unknown[] = [];
    function PaymentPage() {
      const shell = useShell();
      const mpesa = useSearchParams().get('mpesa');
      return (
        <>
          <h1>Payment</h1>
          <p>Payment under way: {mpesa ?? 'none'}</p>
          <button
            type="button"
            onClick={() => {
              shell.setHistoryState({ attempt: 'key-1' });
              // Read back at once, before the router has rendered the change: two taps see one key.
              seen.push(shell.historyState());
              shell.navigate('/payment?mpesa=mp_1', { replace: true, state: shell.historyState() });
              seen.push(shell.historyState());
            }}
          >
            Pay
          </button>
        </>
      );
    }
    function HistoryProbe() {
      const location = useLocation();
      return <output aria-label="entry">{`${location.pathname}${location.search} ${JSON.stringify(location.state)} ${useNavigationType()}`}</output>;
    }
    const resolver: PageResolver = { resolve: jest.fn(async (path: string) => page(path, PaymentPage)) };
    render(
      <MemoryRouter initialEntries={['/payment?from=checkout']}>
        <App initial={page('/payment', PaymentPage)} resolver={resolver} />
        <HistoryProbe />
      </MemoryRouter>,
    );
    expect(screen.getByText('Payment under way: none')).toBeInTheDocument();
    await userEvent.setup().click(screen.getByRole('button', { name: 'Pay' }));
    expect(seen).toEqual([{ attempt: 'key-1' }, { attempt: 'key-1' }]);
    expect(await screen.findByText('Payment under way: mp_1')).toBeInTheDocument();
    expect(screen.getByRole('status', { name: 'entry' })).toHaveTextContent('/payment?mpesa=mp_1 {"attempt":"key-1"} REPLACE');
    // Same path: the page stays, it is not resolved again.
    expect(resolver.resolve).not.toHaveBeenCalled();
  });

  describe('from a pointer document', () => {
    const pointers = parsePointerDocument({
      remotes: [
        {
          name: 'marketing',
          buildId: 'm1',
          manifest: '/mfe/marketing/m1/mf-manifest.json',
          routes: [
            { path: '/blog', title: 'Blog', description: 'd' },
            { path: '/blog/visas', title: 'Visas', description: 'd' },
          ],
        },
        { name: 'legal', buildId: 'l1', manifest: '/mfe/legal/l1/mf-manifest.json', routes: [{ path: '/terms', title: 'Terms', description: 'd' }] },
      ],
    });

    function BlogPage() {
      return (
        <>
          <h1>Blog</h1>
          <Link to="/blog/visas">Visas article</Link>
          <Link to="/blog/missing">Missing article</Link>
          <Link to="/terms">Terms</Link>
        </>
      );
    }

    /** The marketing remote serves its pages; the legal remote cannot be loaded. */
    async function renderBlog() {
      const loader = {
        loadPage: jest.fn(async (remote: RemotePointer, path: string) => {
          if (remote.name === 'legal') throw new Error('legal is down');
          const Component = path === '/blog' ? BlogPage : () => <h1>Article at {path}</h1>;
          return { route: { path, title: `${path} title`, description: 'd', load: async () => ({ default: Component }) }, Component };
        }),
      };
      const resolver = new FederatedResolver(loader, pointers);
      const initial = await resolver.resolve('/blog');
      render(
        <MemoryRouter initialEntries={['/blog']}>
          <App initial={initial} resolver={resolver} />
        </MemoryRouter>,
      );
      return { loader, user: userEvent.setup() };
    }

    it("shows a remote's nested page, loaded from its remote when visited", async () => {
      const { loader, user } = await renderBlog();
      await user.click(screen.getByRole('link', { name: 'Visas article' }));
      expect(await screen.findByRole('heading', { name: 'Article at /blog/visas' })).toBeInTheDocument();
      expect(loader.loadPage).toHaveBeenLastCalledWith(expect.objectContaining({ name: 'marketing' }), '/blog/visas');
      expect(document.title).toBe('/blog/visas title');
    });

    it('shows the not-found page for a path below a page that no remote claims', async () => {
      const log = jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { loader, user } = await renderBlog();
      await user.click(screen.getByRole('link', { name: 'Missing article' }));
      expect(await screen.findByRole('heading', { name: 'Oops! Page not found' })).toBeInTheDocument();
      expect(loader.loadPage).toHaveBeenCalledTimes(1);
      expect(log).toHaveBeenCalledWith(expect.stringContaining('404'), '/blog/missing');
    });

    it('shows the unavailable page with Retry when the remote of the route is down, the shell still working', async () => {
      jest.spyOn(console, 'error').mockImplementation(() => undefined);
      const { user } = await renderBlog();
      await user.click(screen.getByRole('link', { name: 'Terms' }));
      expect(await screen.findByRole('heading', { name: 'This page could not be loaded' })).toBeInTheDocument();
      expect(screen.getByRole('button', { name: 'Retry' })).toBeInTheDocument();
      expect(screen.getByRole('contentinfo')).toBeInTheDocument();
    });
  });
});

describe('toasts', () => {
  function Raiser() {
    const toast = useToast();
    return (
      <button type="button" onClick={() => toast('Message Sent!', { description: "Thank you for contacting us. We'll get back to you within 24 hours.", variant: 'success' })}>
        Send
      </button>
    );
  }

  it('show a page’s toast in the Notifications region, which Alt+T focuses and Escape empties', async () => {
    const user = userEvent.setup();
    renderApp(page('/contact', Raiser));
    await user.click(screen.getByRole('button', { name: 'Send' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Message Sent!')).toBeInTheDocument();
    expect(within(region).getByText("Thank you for contacting us. We'll get back to you within 24 hours.")).toBeInTheDocument();
    await user.keyboard('{Alt>}t{/Alt}');
    expect(region).toHaveFocus();
    await user.keyboard('{Escape}');
    await waitFor(() => expect(within(region).queryByText('Message Sent!')).not.toBeInTheDocument(), { timeout: 3_000 });
  });

  it('show one at a time and can be dismissed with their close button', async () => {
    let count = 0;
    function Counter() {
      const toast = useToast();
      return (
        <button type="button" onClick={() => toast(`Toast ${(count += 1)}`)}>
          Raise
        </button>
      );
    }
    const user = userEvent.setup();
    renderApp(page('/contact', Counter));
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    await user.click(screen.getByRole('button', { name: 'Raise' }));
    const region = screen.getByRole('region', { name: 'Notifications' });
    expect(await within(region).findByText('Toast 1')).toBeInTheDocument();
    expect(within(region).queryByText('Toast 2')).not.toBeInTheDocument();
    await user.click(within(region).getByRole('button', { name: 'Dismiss notification' }));
    // The second toast waited in the queue: it shows once the first is gone.
    expect(await within(region).findByText('Toast 2', {}, { timeout: 3_000 })).toBeInTheDocument();
    await waitFor(() => expect(within(region).queryByText('Toast 1')).not.toBeInTheDocument(), { timeout: 3_000 });
  });
});

describe('a direct load (hydrating the server HTML)', () => {
  function Form() {
    const [sent, setSent] = useState(false);
    return (
      <form method="post" action="/contact">
        <h1>Contact</h1>
        <label>
          Name <input name="name" />
        </label>
        <button type="button" onClick={() => setSent(true)}>
          {sent ? 'Sent' : 'Send'}
        </button>
      </form>
    );
  }

  /** The prerendered page in the document, hydrated while its code is still on its way. */
  async function hydratePending() {
    delete document.documentElement.dataset.app;
    const resolved = page('/contact', Form);
    const container = document.createElement('div');
    container.innerHTML = renderToString(
      <MemoryRouter initialEntries={['/contact']}>
        <App initial={resolved} />
      </MemoryRouter>,
    );
    document.body.append(container);
    let settle: (resolution: Resolution) => void = () => undefined;
    const resolution = new Promise<Resolution>((resolve) => (settle = resolve));
    const resolver: PageResolver = { resolve: jest.fn(async () => resolved) };
    const recoverable = jest.fn();
    await act(async () => {
      hydrateRoot(
        container,
        <MemoryRouter initialEntries={['/contact']}>
          <App initial={{ kind: 'pending', path: '/contact', resolution }} resolver={resolver} />
        </MemoryRouter>,
        { onRecoverableError: recoverable },
      );
    });
    const input = within(container).getByRole('textbox', { name: 'Name' }) as HTMLInputElement;
    input.value = 'Amina';
    return { container, input, resolved, settle, recoverable };
  }

  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.app;
    delete document.documentElement.dataset.laidOut;
  });

  it('lays the first page out whole (<html data-laid-out>) only once it is interactive, in later tasks, block by block', async () => {
    delete document.documentElement.dataset.laidOut;
    const idle: (() => void)[] = [];
    const requestIdleCallback = jest.fn((job: () => void) => idle.push(job));
    Object.assign(window, { requestIdleCallback, cancelIdleCallback: jest.fn() });
    try {
      const { resolved, settle } = await hydratePending();
      expect(document.documentElement.dataset.laidOut).toBeUndefined();
      await act(async () => settle(resolved));
      await waitFor(() => expect(document.documentElement.dataset.app).toBe('ready'));
      // Marked ready, the rest of the page waits for the main thread's next idle moment (2 s at most).
      expect(requestIdleCallback).toHaveBeenCalledWith(expect.any(Function), { timeout: 2_000 });
      expect(document.documentElement.dataset.laidOut).toBeUndefined();
      act(() => idle.splice(0).forEach((job) => job()));
      // One deferred block per idle moment (here the footer, the only one), then the page whole.
      expect(document.querySelector('footer')).toHaveAttribute('data-laid-out', '');
      expect(document.documentElement.dataset.laidOut).toBeUndefined();
      act(() => idle.splice(0).forEach((job) => job()));
      expect(document.documentElement.dataset.laidOut).toBe('');
    } finally {
      Reflect.deleteProperty(window, 'requestIdleCallback');
      Reflect.deleteProperty(window, 'cancelIdleCallback');
    }
  });

  it('hydrates the shell at once and the page when its code arrives, keeping what was typed', async () => {
    const { container, input, resolved, settle, recoverable } = await hydratePending();
    // The header has hydrated (aria-expanded is written by the client only); the page waits.
    expect(within(container).getByRole('button', { name: /Menu/ })).toHaveAttribute('aria-expanded', 'false');
    expect(document.documentElement.dataset.app).toBeUndefined();
    await act(async () => settle(resolved));
    await waitFor(() => expect(document.documentElement.dataset.app).toBe('ready'));
    expect(within(container).getByRole('textbox', { name: 'Name' })).toBe(input);
    expect(input.value).toBe('Amina');
    await userEvent.setup().click(within(container).getByRole('button', { name: 'Send' }));
    expect(within(container).getByRole('button', { name: 'Sent' })).toBeInTheDocument();
    expect(recoverable).not.toHaveBeenCalled();
  });

  it('shows the notice above the server HTML, typed text intact, when the remote cannot be loaded', async () => {
    const { container, input, settle, recoverable } = await hydratePending();
    await act(async () => settle({ kind: 'unavailable', path: '/contact', remoteName: 'forms' }));
    expect(within(container).getByRole('alert')).toHaveTextContent('This page could not be loaded completely.');
    expect(within(container).getByRole('heading', { level: 1, name: 'Contact' })).toBeInTheDocument();
    expect(within(container).getByRole('textbox', { name: 'Name' })).toBe(input);
    expect(input.value).toBe('Amina');
    expect(document.documentElement.dataset.app).toBe('ready');
    expect(recoverable).not.toHaveBeenCalled();
    await userEvent.setup().click(within(container).getByRole('button', { name: 'Retry' }));
    expect(await within(container).findByRole('button', { name: 'Send' })).toBeInTheDocument();
  });
});
