/**
 * A stand-alone local API server for the crash test: node runs it in a child process, the test
 * kills it with SIGKILL and starts it again on the same data directory.
 * argv: <dataDir> [hang-customer-receipts | logged]. Prints "READY <origin>" once it accepts requests. With
 * `hang-customer-receipts`, a customer's receipt (the mail to validCustomer's address) is never handed
 * over: the transport prints "SENDING <subject>" and waits for ever, as a process does that is killed
 * after claiming the message and before sending it; other mail goes to DATA_DIR/mail as usual. Either
 * mode logs at info (DATA_DIR/logs/api.jsonl); without one, the server is silent.
 */
import { createLocalApi } from '../../src/local/api';
import { site } from '@kesho/site-rules/site';
import { createFileTransport, mailDirectoryOf } from '../../src/mail/fileTransport';
import type { MailTransport } from '../../src/mail/types';
import { validCustomer } from './orders';
import { listenForLocalApi, ROOMY_PAYMENT_LIMITS } from './testServer';

const MAIL_FROM = `${site.brand} <${site.email}>`;

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('Usage: localServerMain <dataDir>');
  const { server, origin, mount } = await listenForLocalApi();
  const files = createFileTransport({ directory: mailDirectoryOf(dataDir), from: MAIL_FROM });
  const hanging: MailTransport = {
    send(mail) {
      if (mail.to !== validCustomer.email) return files.send(mail);
      process.stdout.write(`SENDING ${mail.subject}\n`);
      return new Promise(() => undefined);
    },
  };
  const started = await createLocalApi({
    dataDir,
    publicOrigin: origin,
    env: { LOG_LEVEL: process.argv[3] ? 'info' : 'silent', ...ROOMY_PAYMENT_LIMITS },
    ...(process.argv[3] === 'hang-customer-receipts' ? { mailTransport: hanging } : {}),
  });
  mount(started);
  process.on('SIGTERM', () => {
    server.closeAllConnections();
    server.close();
    void started.close().then(() => process.exit(0));
  });
  process.stdout.write(`READY ${origin}\n`);
}

main().catch((error: unknown) => {
  process.stderr.write(`${error instanceof Error ? error.message : String(error)}\n`);
  process.exit(1);
});
