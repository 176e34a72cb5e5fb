import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';

const repoRoot = path.resolve(__dirname, '..', '..');

/**
 * Starts the built site (`npm run build` first) on a free loopback port with a fresh data
 * directory, and stops it after the run. Workers read the address from KESHO_BASE_URL and the data
 * directory (the local mailbox is its mail/ folder) from KESHO_DATA_DIR.
 */
export default async function globalSetup(): Promise<() => Promise<void>> {
  const serverScript = path.join(repoRoot, 'local-server', 'dist', 'serve.js');
  if (!fs.existsSync(serverScript) || !fs.existsSync(path.join(repoRoot, 'dist', 'site', 'mfe', 'remotes.json'))) {
    throw new Error('The site is not built: run `npm run build` at the repository root first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-e2e-'));
  const child = spawn(process.execPath, [serverScript], {
    env: { ...process.env, PORT: '0', HOST: '127.0.0.1', DATA_DIR: dataDir, STRIPE_SECRET_KEY: '', PUBLIC_SITE_URL: '' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const baseUrl = await new Promise<string>((resolve, reject) => {
    let output = '';
    const timer = setTimeout(() => reject(new Error(`The local server did not start:\n${output}`)), 30_000);
    const onData = (chunk: Buffer) => {
      output += chunk.toString();
      const match = /running at (http:\/\/[^\s]+)/.exec(output);
      if (match?.[1]) {
        clearTimeout(timer);
        resolve(match[1]);
      }
    };
    child.stdout.on('data', onData);
    child.stderr.on('data', onData);
    child.once('exit', (code) => reject(new Error(`The local server exited with ${code}:\n${output}`)));
  });
  process.env.KESHO_BASE_URL = baseUrl;
  // The local mailbox (DATA_DIR/mail/*.eml) is read by the enquiry and newsletter tests.
  process.env.KESHO_DATA_DIR = dataDir;
  return async () => {
    child.kill('SIGTERM');
    await new Promise((resolve) => child.once('exit', resolve));
    fs.rmSync(dataDir, { recursive: true, force: true });
  };
}
