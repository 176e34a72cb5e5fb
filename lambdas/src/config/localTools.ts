/** What the command-line tools (`npm run mail`, `npm run orders`, `npm run smoke`) know of the local runtime `npm start` runs. */
import path from 'node:path';
import type { Env } from './problems';

/**
 * `npm start`'s address for HOST and PORT as it reads them: 0.0.0.0 listens on every interface, and a
 * tool on the same machine reaches it on the loopback address.
 */
export function localServerEndpoint(env: Env = {}): string {
  const host = env.HOST?.trim() && env.HOST.trim() !== '0.0.0.0' ? env.HOST.trim() : '127.0.0.1';
  return `http://${host}:${env.PORT?.trim() || '3000'}`;
}

/** `npm start`'s address with HOST and PORT unset. */
export const LOCAL_SERVER_ENDPOINT = localServerEndpoint();

/** `npm start`'s default DATA_DIR, `<repo>/.data`, seen from a bundled tool: dist/<tool>.js sits two folders below the repository root. */
export function defaultLocalDataDir(toolDir: string): string {
  return path.join(path.resolve(toolDir, '..', '..'), '.data');
}

/**
 * DATA_DIR as `npm start` uses it. A relative DATA_DIR is resolved from where npm was started
 * (INIT_CWD), as `npm start` resolves it from the repository root, not from the lambdas workspace.
 */
export function localDataDir(env: Env, defaultDataDir: string, cwd: string): string {
  const base = env.INIT_CWD?.trim() || cwd;
  return env.DATA_DIR?.trim() ? path.resolve(base, env.DATA_DIR.trim()) : defaultDataDir;
}
