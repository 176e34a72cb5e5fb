/**
 * @jest-environment node
 */
import type { ComponentType } from 'react';
import { renderToString } from 'react-dom/server';
import { createRecordingShell, TestShell } from '@kesho/shell-kit/testing';
import CheckoutPage from '../src/pages/CheckoutPage';
import CustomQuotePage from '../src/pages/CustomQuotePage';
import PaymentFailurePage from '../src/pages/PaymentFailurePage';
import PaymentPage from '../src/pages/PaymentPage';
import PaymentSuccessPage from '../src/pages/PaymentSuccessPage';

function serverHtml(Page: ComponentType, path: string): string {
  return renderToString(
    <TestShell shell={createRecordingShell(path)}>
      <Page />
    </TestShell>,
  );
}

describe('the server render (no window, no storage)', () => {
  test('the quote builder renders the catalogue with its controls waiting for the saved cart', () => {
    const html = serverHtml(CustomQuotePage, '/custom-quote');
    expect(html).toContain('<h1>Build Your Custom Package</h1>');
    expect(html).toContain('Loading your package…');
    expect(html).not.toContain('No services selected yet');
    expect(html.match(/type="checkbox"/g)).toHaveLength(12);
    expect(html.match(/type="checkbox"[^>]*disabled=""/g)).toHaveLength(12);
  });

  test('checkout never claims the cart is empty before it has been read', () => {
    const html = serverHtml(CheckoutPage, '/checkout');
    expect(html).toContain('<h1>Checkout</h1>');
    expect(html).toContain('Loading your package…');
    expect(html).not.toContain('Your cart is empty');
  });

  test('payment shows its title and waits for the cart', () => {
    const html = serverHtml(PaymentPage, '/payment');
    expect(html).toContain('<h1>Complete Your Payment</h1>');
    expect(html).toContain('Secure payment powered by Stripe');
    expect(html).toContain('Loading your package…');
  });

  test('success makes no invoice number on the server', () => {
    const html = serverHtml(PaymentSuccessPage, '/payment-success');
    expect(html).toContain('<h1>Payment Successful!</h1>');
    expect(html).not.toMatch(/INV-\d/);
  });

  test('failure is complete without JavaScript', () => {
    const html = serverHtml(PaymentFailurePage, '/payment-failure');
    expect(html).toContain('<h1>Payment Failed</h1>');
    expect(html).toContain('href="/payment"');
    expect(html).toContain('href="/contact"');
  });

  test('two renders give the same HTML', () => {
    for (const [Page, path] of [
      [CustomQuotePage, '/custom-quote'],
      [CheckoutPage, '/checkout'],
      [PaymentPage, '/payment'],
      [PaymentSuccessPage, '/payment-success'],
    ] as const) {
      expect(serverHtml(Page, path)).toBe(serverHtml(Page, path));
    }
  });
});
