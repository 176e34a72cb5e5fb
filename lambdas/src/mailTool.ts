/**
 * `npm run mail`: lists the latest messages the local runtime "sent" (time, to, subject, file).
 * DATA_DIR as for `npm start` (default `<repo>/.data`); MAIL_LIST_LIMIT messages (default 20).
 */
import { defaultLocalDataDir } from './config/localTools';
import { loadMailboxConfig } from './config/mailTool';
import { formatMailbox, listMailbox } from './mail/mailbox';

async function main(): Promise<void> {
  const { directory, limit } = loadMailboxConfig(process.env, defaultLocalDataDir(__dirname), process.cwd());
  console.log(formatMailbox(await listMailbox(directory, limit), directory));
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : String(error));
  process.exitCode = 1;
});
