/**
 * The test checkout page in every state, through the Nu HTML Checker (vnu.jar) and axe-core
 * (WCAG 2.2 AA + best practices, in jsdom; colour contrast needs real layout and is left to the
 * e2e suite's browser run).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import type { SandboxCheckoutState, SandboxCheckoutView } from '../src/payments/sandbox';
import { escapeHtml } from '../src/http/html';
import { SANDBOX_BANNER } from '../src/http/testPage';
import { renderSandboxCheckout, renderSandboxNotFound } from '../src/payments/sandboxPage';

const run = promisify(execFile);

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
    for (const html of Object.values(pages)) {
      expect(html).toContain(SANDBOX_BANNER);
      expect(html).not.toMatch(/<script|\son[a-z]+=/i);
    }
  });

  it('escapes what customers typed', () => {
    expect(pages.open).toContain('Visa &#60;Guidance&#62; &#38; &#34;more&#34;');
    expect(escapeHtml(`<img src=x onerror='1'>`)).toBe('&#60;img src=x onerror=&#39;1&#39;&#62;');
  });

  it('passes the Nu HTML Checker without errors or warnings', async () => {
    const directory = await mkdtemp(path.join(tmpdir(), 'kesho-sandbox-html-'));
    try {
      const files = await Promise.all(
        Object.entries(pages).map(async ([name, html]) => {
          const file = path.join(directory, `${name}.html`);
          await writeFile(file, html);
          return file;
        }),
      );
      const report = path.join(directory, 'report.json');
      const vnu = require.resolve('vnu-jar/build/dist/vnu.jar');
      await run('java', ['-jar', vnu, '--format', 'json', '--also-check-css', '--exit-zero-always', ...files], { timeout: 60_000 }).then(({ stderr }) => writeFile(report, stderr));
      const messages = (JSON.parse(await readFile(report, 'utf8')) as { messages: { type: string; subType?: string; message: string; url: string }[] }).messages;
      expect(messages.map((message) => `${path.basename(message.url)}: ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}`)).toEqual([]);
    } finally {
      await rm(directory, { recursive: true, force: true });
    }
  }, 60_000);

  it.each(Object.keys(pages))('has no axe-core violations in the %s state', async (name) => {
    const dom = new JSDOM(pages[name] ?? '', { runScripts: 'outside-only', pretendToBeVisual: true });
    try {
      const axeSource = await readFile(require.resolve('axe-core/axe.min.js'), 'utf8');
      dom.window.eval(axeSource);
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
