/** `npm run mail`'s settings (src/mailbox.ts): which folder it lists, and how many messages. */
import path from 'node:path';
import { ConfigError, type Env } from './problems';

export interface MailboxConfig {
  /** `<DATA_DIR>/mail`, where the local file transport writes. */
  readonly directory: string;
  readonly limit: number;
}

export const MAILBOX_DEFAULT_LIMIT = 20;

/**
 * A relative DATA_DIR is resolved from where npm was started (INIT_CWD), as `npm start` resolves it
 * from the repository root, not from the lambdas workspace.
 */
export function loadMailboxConfig(env: Env, defaultDataDir: string, cwd: string): MailboxConfig {
  const base = env.INIT_CWD?.trim() || cwd;
  const dataDir = env.DATA_DIR?.trim() ? path.resolve(base, env.DATA_DIR.trim()) : defaultDataDir;
  const limitText = env.MAIL_LIST_LIMIT?.trim();
  const limit = limitText ? Number(limitText) : MAILBOX_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ConfigError(['MAIL_LIST_LIMIT must be a positive whole number']);
  return { directory: path.join(dataDir, 'mail'), limit };
}
