import type { ComponentType } from 'react';
import { act } from '@testing-library/react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { createRecordingShell, TestShell } from '@kesho/shell-kit/testing';
import { CartProvider } from '../src/cart';
import { createCartStore } from '../src/cart/store';
import CheckoutPage from '../src/pages/CheckoutPage';
import CustomQuotePage from '../src/pages/CustomQuotePage';
import PaymentPage from '../src/pages/PaymentPage';
import PaymentSuccessPage from '../src/pages/PaymentSuccessPage';
import { catalogueItem, resetBrowserState, saveCart, saveCheckout } from './helpers';

function tree(Page: ComponentType, path: string) {
  return (
    <TestShell shell={createRecordingShell(path)}>
      <CartProvider store={createCartStore()}>
        <Page />
      </CartProvider>
    </TestShell>
  );
}

beforeEach(() => {
  resetBrowserState();
  jest.restoreAllMocks();
});

/**
 * The prerendered HTML is made without storage; the browser then hydrates it with a saved cart
 * and checkout details present. The first client render must still match the server's HTML.
 */
test.each([
  ['/custom-quote', CustomQuotePage],
  ['/checkout', CheckoutPage],
  ['/payment', PaymentPage],
  ['/payment-success', PaymentSuccessPage],
] as const)('%s hydrates without a mismatch when a cart is saved', async (path, Page) => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(Page, path));
  document.body.appendChild(container);
  saveCart([catalogueItem('essay-editing', 2)]);
  saveCheckout();
  const recoverable = jest.fn();
  const consoleError = jest.spyOn(console, 'error');
  await act(async () => {
    hydrateRoot(container, tree(Page, path), { onRecoverableError: recoverable });
  });
  expect(recoverable).not.toHaveBeenCalled();
  expect(consoleError).not.toHaveBeenCalled();
  expect(container).toHaveTextContent(path === '/payment-success' ? 'INV-' : 'Essay Editing');
  container.remove();
});

/** Before the app starts, Proceed to Checkout would ignore a click: the prerendered buttons are disabled and say so. */
test('the prerendered Proceed to Checkout buttons are disabled and say they are loading, then work once hydrated', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(CustomQuotePage, '/custom-quote'));
  document.body.appendChild(container);
  const proceed = () => Array.from(container.querySelectorAll('button')).filter((b) => b.textContent?.includes('Proceed to Checkout'));
  expect(proceed()).toHaveLength(2);
  for (const button of proceed()) {
    expect(button).toBeDisabled();
    expect(button).toHaveAttribute('aria-busy', 'true');
    expect(button).toHaveTextContent('(loading…)');
  }
  saveCart([catalogueItem('essay-editing', 1)]);
  await act(async () => {
    hydrateRoot(container, tree(CustomQuotePage, '/custom-quote'));
  });
  for (const button of proceed()) {
    expect(button).toBeEnabled();
    expect(button).not.toHaveAttribute('aria-busy');
    expect(button).not.toHaveTextContent('loading');
  }
  container.remove();
});

/** A visitor may fill in the custom service before the app starts: what they typed is what gets added. */
test('a custom service typed into the prerendered form is added as typed once the builder is ready', async () => {
  const container = document.createElement('div');
  container.innerHTML = renderToString(tree(CustomQuotePage, '/custom-quote'));
  document.body.appendChild(container);
  const input = (id: string) => container.querySelector(`#${id}`) as HTMLInputElement;
  input('custom-name').value = 'Portfolio review';
  input('custom-price').value = '120';
  input('custom-quantity').value = '3';
  const add = () => Array.from(container.querySelectorAll('button')).find((b) => b.textContent?.includes('Add to Package')) as HTMLButtonElement;
  expect(add()).toBeDisabled();
  expect(add()).toHaveAttribute('aria-busy', 'true');
  expect(add()).toHaveTextContent('Add to Package (loading…)');
  await act(async () => {
    hydrateRoot(container, tree(CustomQuotePage, '/custom-quote'));
  });
  expect(input('custom-name')).toHaveValue('Portfolio review');
  expect(add()).toBeEnabled();
  expect(add()).toHaveTextContent(/^Add to Package$/);
  await act(async () => add().click());
  const summary = container.querySelector('[aria-labelledby="package-heading"]') as HTMLElement;
  await act(async () => undefined);
  expect(summary).toHaveTextContent('Custom: Portfolio review');
  expect(summary).toHaveTextContent('3 × $120.00 = $360.00');
  expect(input('custom-name')).toHaveValue('');
  container.remove();
});

interface IsolatedPageModules {
  react: typeof import('react');
  client: typeof import('react-dom/client');
  server: typeof import('react-dom/server');
  testing: typeof import('@kesho/shell-kit/testing');
  cart: typeof import('../src/cart');
  store: typeof import('../src/cart/store');
  persistence: typeof import('../src/cart/persistence');
  Page: ComponentType;
}

/**
 * The custom-quote page and what renders it, from a fresh module registry: the browser store is one
 * per page, so a test of it needs its own (loaded while the tests are collected).
 */
function loadIsolatedPageModules(): IsolatedPageModules {
  let modules!: IsolatedPageModules;
  jest.isolateModules(() => {
    modules = {
      react: require('react'),
      client: require('react-dom/client'),
      server: require('react-dom/server'),
      testing: require('@kesho/shell-kit/testing'),
      cart: require('../src/cart'),
      store: require('../src/cart/store'),
      persistence: require('../src/cart/persistence'),
      Page: require('../src/pages/CustomQuotePage').default,
    };
  });
  return modules;
}

/**
 * The custom-quote page rendered on the server (with a store of its own, as the prerenderer does) into
 * a container in the document, and the element that hydrates it (the browser store when none is given).
 */
function prerenderCustomQuote({ server, testing, cart, store, Page }: IsolatedPageModules) {
  const page = (cartStore?: ReturnType<typeof store.createCartStore>) => (
    <testing.TestShell shell={testing.createRecordingShell('/custom-quote')}>
      <cart.CartProvider {...(cartStore ? { store: cartStore } : {})}>
        <Page />
      </cart.CartProvider>
    </testing.TestShell>
  );
  const container = document.createElement('div');
  container.innerHTML = server.renderToString(page(store.createCartStore()));
  document.body.appendChild(container);
  return { page, container };
}

/**
 * In the browser the page's own store is used (no `store` prop). The saved cart is restored before
 * react-redux subscribes to it: a restore after subscribing would re-render every cart reader
 * synchronously, in one long task, right after hydration. The HTML must still match.
 */
describe('the browser store', () => {
  const modules = loadIsolatedPageModules();

  test('is restored before anything subscribes, and hydration still matches the HTML', async () => {
    saveCart([catalogueItem('essay-editing', 2)]);
    const { react, client, store } = modules;
    const { page, container } = prerenderCustomQuote(modules);

    const browserStore = store.getBrowserCartStore();
    const calls: string[] = [];
    const dispatch = browserStore.dispatch;
    jest.spyOn(browserStore, 'dispatch').mockImplementation((action) => {
      calls.push(`dispatch ${action.type}`);
      return dispatch(action);
    });
    const subscribe = browserStore.subscribe;
    jest.spyOn(browserStore, 'subscribe').mockImplementation((listener) => {
      calls.push('subscribe');
      return subscribe(listener);
    });
    const recoverable = jest.fn();
    const consoleError = jest.spyOn(console, 'error');
    await react.act(async () => {
      client.hydrateRoot(container, page(), { onRecoverableError: recoverable });
    });

    expect(calls[0]).toBe('dispatch cart/cartRestored');
    expect(calls.filter((call) => call.startsWith('dispatch'))).toHaveLength(1);
    expect(recoverable).not.toHaveBeenCalled();
    expect(consoleError).not.toHaveBeenCalled();
    expect(container).toHaveTextContent('Essay Editing');
    container.remove();
  });
});

/**
 * A tap that arrives while the page hydrates makes React throw the unfinished work away and start
 * again, so the provider's store is made (and the saved cart restored) by a render that never
 * committed. The next attempt must still render what the server did, or React gives up on the
 * HTML and builds the page afresh, losing what the visitor had typed.
 */
describe('hydration started again after a discarded render', () => {
  const modules = loadIsolatedPageModules();

  test('still matches the HTML and keeps the typed text', async () => {
    saveCart([catalogueItem('essay-editing', 2)]);
    const { react, client, store, persistence } = modules;
    const { page, container } = prerenderCustomQuote(modules);
    const name = container.querySelector('#custom-name') as HTMLInputElement;
    name.value = 'Portfolio review';
    // What the discarded render left behind: the page's store, restored.
    persistence.restoreSavedCart(store.getBrowserCartStore(), window.localStorage);

    const recoverable = jest.fn();
    await react.act(async () => {
      client.hydrateRoot(container, page(), { onRecoverableError: recoverable });
    });
    expect(recoverable).not.toHaveBeenCalled();
    expect(container.querySelector('#custom-name')).toBe(name);
    expect(name).toHaveValue('Portfolio review');
    expect(container).toHaveTextContent('Essay Editing');
    container.remove();
  });
});
