import { spawn } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { ROOMY_PAYMENT_LIMITS } from '../../scripts/lib/test-traffic.mjs';
import { repoRoot } from './site';
import { NODE_TS_OPTIONS } from '../../scripts/lib/node-ts.mjs';

export interface RunningSite {
  readonly baseUrl: string;
  /** DATA_DIR of the server (orders, mail under mail/, …). */
  readonly dataDir: string;
  stop(): Promise<void>;
}

/**
 * Starts the local server (`npm run build` first) on a free loopback port with a fresh data
 * directory, serving `siteDir` (default the repository's dist/site), with `env`'s settings besides.
 */
export async function startSite({ siteDir, env = {} }: { siteDir?: string; env?: Record<string, string> } = {}): Promise<RunningSite> {
  const serverScript = path.join(repoRoot, 'local-server', 'dist', 'serve.js');
  if (!fs.existsSync(serverScript) || !fs.existsSync(path.join(repoRoot, 'dist', 'site', 'mfe', 'remotes.json'))) {
    throw new Error('The site is not built: run `npm run build` at the repository root first.');
  }
  const dataDir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-e2e-'));
  const child = spawn(process.execPath, [...NODE_TS_OPTIONS, serverScript], {
    env: {
      ...process.env,
      PORT: '0',
      HOST: '127.0.0.1',
      DATA_DIR: dataDir,
      STRIPE_SECRET_KEY: '',
      PUBLIC_SITE_URL: '',
      // Every spec pays from 127.0.0.1, two workers at once, to the same test phones: room for the whole suite.
      ...ROOMY_PAYMENT_LIMITS,
      ...(siteDir ? { SITE_DIR: siteDir } : {}),
      ...env,
    },
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
  return {
    baseUrl,
    dataDir,
    async stop() {
      child.kill('SIGTERM');
      await new Promise((resolve) => child.once('exit', resolve));
      fs.rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
