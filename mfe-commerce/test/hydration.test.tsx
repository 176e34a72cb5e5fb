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
