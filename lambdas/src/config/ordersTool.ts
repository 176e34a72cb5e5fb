/** `npm run orders`'s settings (src/ordersTool.ts): which data folder's log and store it reads, and where the running local server is. */
import path from 'node:path';
import { SITE_DEFAULTS } from './site';
import type { Env } from './problems';

export interface OrdersToolConfig {
  /** DATA_DIR as `npm start` uses it: the local log (logs/api.jsonl) and the store (dynamodb/). */
  readonly dataDir: string;
  /** The running local server, whose Invoke API reads the store while it holds the store's files. */
  readonly endpoint: string;
  readonly ordersTable: string;
}

/** A relative DATA_DIR is resolved from where npm was started (INIT_CWD), as `npm start` resolves it from the repository root. */
export function loadOrdersToolConfig(env: Env, defaultDataDir: string, cwd: string): OrdersToolConfig {
  const base = env.INIT_CWD?.trim() || cwd;
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(base, env.DATA_DIR.trim()) : defaultDataDir;
  const host = env.HOST?.trim() && env.HOST.trim() !== '0.0.0.0' ? env.HOST.trim() : '127.0.0.1';
  const endpoint = env.ORDERS_ENDPOINT?.trim() || `http://${host}:${env.PORT?.trim() || '3000'}`;
  return { dataDir, endpoint: endpoint.replace(/\/+$/, ''), ordersTable: env.ORDERS_TABLE?.trim() || SITE_DEFAULTS.ordersTable };
}
