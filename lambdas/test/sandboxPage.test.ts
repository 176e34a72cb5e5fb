/**
 * The test checkout page in every state, through the Nu HTML Checker (vnu.jar) and axe-core
 * (WCAG 2.2 AA + best practices, in jsdom; colour contrast needs real layout and is left to the
 * e2e suite's browser run).
 */
import type { SandboxCheckoutState, SandboxCheckoutView } from '../src/payments/sandbox';
import { escapeHtml } from '../src/http/html';
import { axeViolations, expectMarkedTestPagesWithoutScript, nuCheckerMessages } from './support/htmlChecks';
import { renderSandboxCheckout, renderSandboxNotFound } from '../src/payments/sandboxPage';

function view(state: SandboxCheckoutState): SandboxCheckoutView {
  return {
    sessionId: `cs_sandbox_${'ab'.repeat(16)}`,
    invoiceNumber: 'INV-00412345',
    lines: [
      { name: 'Essay Editing', quantity: 2, amountCents: 50_000 },
      { name: 'Visa <Guidance> & "more"', quantity: 1, amountCents: 30_000 },
    ],
    amountTotalCents: 80_000,
    customerEmail: 'amani@example.com',
    state,
    expiresAt: '2030-01-01T00:00:00.000Z',
  };
}

const pages: Record<string, string> = {
  open: renderSandboxCheckout(view('open')),
  paid: renderSandboxCheckout(view('paid')),
  declined: renderSandboxCheckout(view('declined')),
  expired: renderSandboxCheckout(view('expired')),
  'not-found': renderSandboxNotFound(),
};

describe('the sandbox page markup', () => {
  it('marks every state as a test and never carries a script', () => {
    expectMarkedTestPagesWithoutScript(pages);
  });

  it('escapes what customers typed', () => {
    expect(pages.open).toContain('Visa &#60;Guidance&#62; &#38; &#34;more&#34;');
    expect(escapeHtml(`<img src=x onerror='1'>`)).toBe('&#60;img src=x onerror=&#39;1&#39;&#62;');
  });

  it('passes the Nu HTML Checker without errors or warnings', async () => {
    expect(await nuCheckerMessages(pages)).toEqual([]);
  }, 60_000);

  it.each(Object.keys(pages))('has no axe-core violations in the %s state', async (name) => {
    expect(await axeViolations(pages[name] ?? '')).toEqual([]);
  });
});
