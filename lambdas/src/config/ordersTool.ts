/** `npm run orders`'s settings (src/ordersTool.ts): which data folder's log and store it reads, and where the running local server is. */
import { localDataDir, localServerEndpoint } from './localTools';
import { SITE_DEFAULTS } from './site';
import type { Env } from './problems';

export interface OrdersToolConfig {
  /** DATA_DIR as `npm start` uses it: the local log (logs/api.jsonl) and the store (dynamodb/). */
  readonly dataDir: string;
  /** The running local server, whose Invoke API reads the store while it holds the store's files. */
  readonly endpoint: string;
  readonly ordersTable: string;
}

export function loadOrdersToolConfig(env: Env, defaultDataDir: string, cwd: string): OrdersToolConfig {
  const endpoint = env.ORDERS_ENDPOINT?.trim() || localServerEndpoint(env);
  return { dataDir: localDataDir(env, defaultDataDir, cwd), endpoint: endpoint.replace(/\/+$/, ''), ordersTable: env.ORDERS_TABLE?.trim() || SITE_DEFAULTS.ordersTable };
}
