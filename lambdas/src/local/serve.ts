/**
 * `npm start` ends here: the whole site from one local server, with the payment API running the
 * same Lambda handler code as AWS. Configuration comes from the environment (see .env.example).
 */
import path from 'node:path';
import { createLocalApi } from './api';
import { createSiteServer, type SiteServerOptions } from './site-server';

const repoRoot = path.resolve(__dirname, '..', '..', '..');
const port = Number(process.env.PORT ?? 3000);
const host = process.env.HOST ?? '127.0.0.1';
const siteDir = path.resolve(process.env.SITE_DIR ?? path.join(repoRoot, 'dist', 'site'));
const dataDir = path.resolve(process.env.DATA_DIR ?? path.join(repoRoot, '.data'));

async function main() {
  if (!Number.isInteger(port) || port < 0 || port > 65_535) throw new Error(`PORT must be a port number, got "${process.env.PORT}"`);
  const options: SiteServerOptions = { siteDir };
  const server = createSiteServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const actualPort = typeof address === 'object' && address ? address.port : port;
  const origin = `http://${host.includes(':') ? `[${host}]` : host}:${actualPort}`;
  // The API's own origin (the local Lambda Invoke endpoint lives here); PUBLIC_SITE_URL, when set, only changes the return URLs.
  const api = await createLocalApi({ dataDir, publicOrigin: origin, env: process.env });
  options.api = api;
  console.log(`Kesho Global Education is running at ${origin}`);
  console.log(api.startupMessage);

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    server.close();
    server.closeAllConnections();
    await api.close();
    process.exit(0);
  };
  process.on('SIGINT', () => void stop());
  process.on('SIGTERM', () => void stop());
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exit(1);
});
