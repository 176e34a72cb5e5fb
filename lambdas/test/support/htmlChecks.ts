/**
 * The server-made test pages' two checks: the Nu HTML Checker (vnu.jar, errors and warnings) and axe-core
 * (WCAG 2.2 AA + best practices, in jsdom; colour contrast needs real layout and is left to the e2e run).
 */
import { execFile } from 'node:child_process';
import { mkdtemp, readFile, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { JSDOM } from 'jsdom';
import { SANDBOX_BANNER } from '../../src/http/testPage';

const run = promisify(execFile);

/** What every state of a sandbox page is: marked as a test, and without a script or an inline event handler. */
export function expectMarkedTestPagesWithoutScript(pages: Readonly<Record<string, string>>): void {
  for (const html of Object.values(pages)) {
    expect(html).toContain(SANDBOX_BANNER);
    expect(html).not.toMatch(/<script|\son[a-z]+=/i);
  }
}

/** Every vnu message for the named pages, as "<name>.html: <type>: <message>"; [] when they are clean. */
export async function nuCheckerMessages(pages: Readonly<Record<string, string>>): Promise<string[]> {
  const directory = await mkdtemp(path.join(tmpdir(), 'kesho-html-check-'));
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
    return messages.map((message) => `${path.basename(message.url)}: ${message.type}${message.subType ? `/${message.subType}` : ''}: ${message.message}`);
  } finally {
    await rm(directory, { recursive: true, force: true });
  }
}

/** Every axe-core violation of the page, as "<rule>: <help>"; [] when there is none. */
export async function axeViolations(html: string): Promise<string[]> {
  const dom = new JSDOM(html, { runScripts: 'outside-only', pretendToBeVisual: true });
  try {
    dom.window.eval(await readFile(require.resolve('axe-core/axe.min.js'), 'utf8'));
    const axe = (dom.window as unknown as { axe: { run: (context: unknown, options: unknown) => Promise<{ violations: { id: string; help: string }[] }> } }).axe;
    const result = await axe.run(dom.window.document, {
      runOnly: { type: 'tag', values: ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'] },
      rules: { 'color-contrast': { enabled: false } },
    });
    return result.violations.map((violation) => `${violation.id}: ${violation.help}`);
  } finally {
    dom.window.close();
  }
}
