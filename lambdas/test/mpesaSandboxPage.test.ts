/**
 * The M-Pesa sandbox's test phone in every state, through the Nu HTML Checker and axe-core (as the
 * card sandbox page is checked in sandboxPage.test.ts; the e2e suite adds colour contrast).
 */
import { renderMpesaSandbox, renderMpesaSandboxNotFound } from '../src/mpesa/sandboxPage';
import type { SandboxPush } from '../src/mpesa/sandbox';
import { axeViolations, expectMarkedTestPagesWithoutScript, nuCheckerMessages } from './support/htmlChecks';
const PAYMENT_ID = 'mp_AAAAAAAAAAAAAAAAAAAAAA';
const push: SandboxPush = { checkoutRequestId: 'ws_CO_SANDBOX_1', merchantRequestId: 'sandbox-1', msisdn: '254712345678', amountKes: 32_313, accountReference: 'INV-00412345' };

const pages: Record<string, string> = {
  waiting: renderMpesaSandbox(PAYMENT_ID, push, `/payment?mpesa=${PAYMENT_ID}`),
  answered: renderMpesaSandbox(PAYMENT_ID, { ...push, resultCode: 0, receiptNumber: 'SB0A1B2C3D' }, `/payment?mpesa=${PAYMENT_ID}`),
  'not-found': renderMpesaSandboxNotFound(),
};

describe('the M-Pesa sandbox page markup', () => {
  it('marks every state as a test, never carries a script, and offers every Daraja answer while waiting', () => {
    expectMarkedTestPagesWithoutScript(pages);
    expect(pages.waiting).toContain('KES 32,313');
    expect(pages.waiting).toContain('+254 712 345 678');
    for (const answer of ['approve', 'cancel', 'timeout', 'insufficient-funds', 'wrong-pin']) {
      expect(pages.waiting).toContain(`<form method="post" action="/api/mpesa/sandbox/${PAYMENT_ID}/${answer}">`);
      expect(pages.answered).not.toContain(`/${answer}"`);
    }
  });

  it('passes the Nu HTML Checker without errors or warnings', async () => {
    expect(await nuCheckerMessages(pages)).toEqual([]);
  }, 60_000);

  it.each(Object.keys(pages))('has no axe-core violations in the %s state', async (name) => {
    expect(await axeViolations(pages[name] ?? '')).toEqual([]);
  });
});
