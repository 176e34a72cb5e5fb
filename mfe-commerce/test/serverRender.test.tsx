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

  test('before the cart is read, the builder shows that it is loading wherever a tap could land', () => {
    const html = serverHtml(CustomQuotePage, '/custom-quote');
    // Over the service cards, the one place whose every control is still disabled.
    expect(html).toMatch(/<div[^>]*data-needs-js=""[^>]*><p[^>]*role="status"[^>]*>Loading your package…<\/p><\/div>/);
    expect(html).toMatch(/<button[^>]*type="submit"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>.*?Add to Package<span> \(loading…\)<\/span><\/button>/);
    expect(html.match(/<button[^>]*disabled=""[^>]*aria-busy="true"[^>]*>Proceed to Checkout/g)).toHaveLength(2);
  });

  test('every control of the builder that needs scripts is marked, so a page without them hides it', () => {
    const html = serverHtml(CustomQuotePage, '/custom-quote');
    expect(html.match(/<input data-needs-js=""[^>]*type="checkbox"/g)).toHaveLength(12);
    expect(html.match(/<div data-needs-js=""[^>]*><label for="service-[a-z-]+-quantity"/g)).toHaveLength(12);
    expect(html).toMatch(/<section[^>]*aria-labelledby="custom-service-heading"[^>]*data-needs-js=""/);
    expect(html.match(/<button data-needs-js=""[^>]*>Proceed to Checkout/g)).toHaveLength(1);
    // The small-screen bar, button and all.
    expect(html).toMatch(/<div data-needs-js=""[^>]*><p[^>]*><span>Total<\/span>/);
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

  test('success offers Download Invoice as loading (and needing scripts) until the invoice is known', () => {
    const html = serverHtml(PaymentSuccessPage, '/payment-success');
    expect(html).toMatch(/<button data-needs-js=""[^>]*type="button"[^>]*disabled=""[^>]*aria-busy="true"[^>]*>.*?Download Invoice<span> \(loading…\)<\/span><\/button>/);
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
