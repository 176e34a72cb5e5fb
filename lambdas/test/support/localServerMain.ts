/**
 * A stand-alone local API server for the crash test: node runs it in a child process, the test
 * kills it with SIGKILL and starts it again on the same data directory.
 * argv: <dataDir>. Prints "READY <origin>" once it accepts requests.
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { createLocalApi, type LocalApi } from '../../src/local/api';
import { ROOMY_PAYMENT_LIMITS } from './testServer';

async function main(): Promise<void> {
  const dataDir = process.argv[2];
  if (!dataDir) throw new Error('Usage: localServerMain <dataDir>');
  let api: LocalApi | undefined;
  const server = createServer((req, res) => {
    if (!api) {
      res.writeHead(503).end();
      return;
    }
    api.handle(req, res).then(
      (handled) => {
        if (!handled) res.writeHead(404).end();
      },
      () => res.destroy(),
    );
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  api = await createLocalApi({ dataDir, publicOrigin: origin, env: { LOG_LEVEL: 'silent', ...ROOMY_PAYMENT_LIMITS } });
  const started = api;
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
