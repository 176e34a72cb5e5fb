/**
 * The M-Pesa sandbox's test phone in every state, through the Nu HTML Checker and axe-core (as the
 * card sandbox page is checked in sandboxPage.test.ts; the e2e suite adds colour contrast).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import { renderMpesaSandbox, renderMpesaSandboxNotFound } from '../src/mpesa/sandboxPage';
import type { SandboxPush } from '../src/mpesa/sandbox';
import { SANDBOX_BANNER } from '../src/http/testPage';

const run = promisify(execFile);
const PAYMENT_ID = 'mp_AAAAAAAAAAAAAAAAAAAAAA';
const push: SandboxPush = { checkoutRequestId: 'ws_CO_SANDBOX_1', merchantRequestId: 'sandbox-1', msisdn: '254712345678', amountKes: 32_313, accountReference: 'INV-00412345' };

const pages: Record<string, string> = {
  waiting: renderMpesaSandbox(PAYMENT_ID, push, `/payment?mpesa=${PAYMENT_ID}`),
  answered: renderMpesaSandbox(PAYMENT_ID, { ...push, resultCode: 0, receiptNumber: 'SB0A1B2C3D' }, `/payment?mpesa=${PAYMENT_ID}`),
  'not-found': renderMpesaSandboxNotFound(),
};

describe('the M-Pesa sandbox page markup', () => {
  it('marks every state as a test, never carries a script, and offers every Daraja answer while waiting', () => {
    for (const html of Object.values(pages)) {
      expect(html).toContain(SANDBOX_BANNER);
      expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    }
    expect(pages.waiting).toContain('KES 32,313');
    expect(pages.waiting).toContain('+254 712 345 678');
    for (const answer of ['approve', 'cancel', 'timeout', 'insufficient-funds', 'wrong-pin']) {
      expect(pages.waiting).toContain(`<form method="post" action="/api/mpesa/sandbox/${PAYMENT_ID}/${answer}">`);
      expect(pages.answered).not.toContain(`/${answer}"`);
    }
  });

  it('passes the Nu HTML Checker without errors or warnings', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'kesho-mpesa-html-'));
    try {
      const files = await Promise.all(
        Object.entries(pages).map(async ([name, html]) => {
          const file = path.join(directory, `${name}.html`);
          await writeFile(file, html);
          return file;
        }),
      );
      const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
      const { stderr } = await run('java', ['-jar', vnu, '--format', 'json', '--also-check-css', '--exit-zero-always', ...files], { timeout: 60_000 });
      const messages = (JSON.parse(stderr) as { messages: { type: string; subType?: string; message: string; url: string }[] }).messages;
      expect(messages.map((message) => `${path.basename(message.url)}: ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}`)).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(Object.keys(pages))('has no axe-core violations in the %s state', async (name) => {
    const dom = new JSDOM(pages[name] ?? '', { runScripts: 'outside-only', pretendToBeVisual: true });
    try {
      dom.window.eval(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
      const axe = (dom.window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; help: string }[] }> } }).axe;
      const result = await axe.run(dom.window.document, {
        runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
        rules: { 'color-contrast': { enabled: false } },
      });
      expect(result.violations.map((violation) => `${violation.id}: ${violation.help}`)).toEqual([]);
    } finally {
      dom.window.close();
    }
  });
});
