/** `npm run mail`'s settings (src/mailTool.ts): which folder it lists, and how many messages. */
import path from 'node:path';
import { localDataDir } from './localTools';
import { ConfigError, type Env } from './problems';

export interface MailboxConfig {
  /** `<DATA_DIR>/mail`, where the local file transport writes. */
  readonly directory: string;
  readonly limit: number;
}

export const MAILBOX_DEFAULT_LIMIT = 20;

export function loadMailboxConfig(env: Env, defaultDataDir: string, cwd: string): MailboxConfig {
  const dataDir = localDataDir(env, defaultDataDir, cwd);
  const limitText = env.MAIL_LIST_LIMIT?.trim();
  const limit = limitText ? Number(limitText) : MAILBOX_DEFAULT_LIMIT;
  if (!Number.isInteger(limit) || limit < 1) throw new ConfigError(['MAIL_LIST_LIMIT must be a positive whole number']);
  return { directory: path.join(dataDir, 'mail'), limit };
}
