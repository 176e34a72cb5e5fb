/**
 * `npm start` ends here: the whole site from one local server, with the payment API running the
 * same Lambda handler code as AWS (lambdas' local API runtime). Settings come from the environment
 * and the repository's .env (see .env.example), read by ./config.
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_RUNNING_SITE_FILE } from '@kesho/release-model/site-keys';
import { createLocalApi } from '@kesho/lambdas/local-api';
import { startCanaryWatch } from './canary-watch';
import { originOf, readEdgeKeyValueConfig, readPruneConfig, readSiteServerConfig } from './config';
import { canaryCheckThroughEngine, completeInterruptedRelease, publishCheckThroughEngine, releaseEngineOf } from './release-engine';
import { createSiteServer, EDGE_KEY_VALUE_FILE, type SiteServerOptions } from './site-server';

// dist/serve.js → the repository root.
const repoRoot = path.resolve(__dirname, '..', '..');

async function main() {
  const { port, host, siteDir, dataDir, canaryWatch, routeThrottles } = readSiteServerConfig(process.env, repoRoot);
  // Checked now, not at the watch's first abort: the release engine this server calls hands PREVIEW_LINK_SECRET to the edge key-value file.
  readEdgeKeyValueConfig(process.env, repoRoot);
  // The same for KEPT_BUILDS: every pass of the engine the watches run prunes dist/site with it.
  readPruneConfig(process.env, repoRoot);
  // The release writes the edge record into the site's store as the publisher does in the bucket
  // (dist/site/edge/state.json, never served: the running canaries and the history, which the watch
  // and the API's client events read) and beside the site the edge key-value state (dist/edge-key-value.json, the
  // KeyValueStore's stand-in, which every request reads): which builds canaries and previews get,
  // and the key the preview links are signed with.
  const distDir = path.dirname(siteDir);
  const options: SiteServerOptions = { siteDir, buildChoice: { edgeKeyValueFile: path.join(distDir, EDGE_KEY_VALUE_FILE) } };
  const server = createSiteServer(options);
  await new Promise<void>((resolve, reject) => {
    server.once('error', reject);
    server.listen(port, host, resolve);
  });
  const address = server.address();
  const origin = originOf(host, typeof address === 'object' && address ? address.port : port);
  // The API's own origin (the local Lambda Invoke endpoint lives here); PUBLIC_SITE_URL, when set, only changes the return URLs.
  // The site's release records (its edge record's history, the builds dist/ made) say which builds client events may name, its pointer documents which routes.
  const api = await createLocalApi({ dataDir, publicOrigin: origin, env: process.env, siteDir, routeThrottles });
  options.api = api;
  console.log(`Kesho Global Education is running at ${origin}`);
  // The release prints preview links with this address (PUBLIC_SITE_URL aside), whatever PORT the server got.
  const runningSiteFile = path.join(distDir, LOCAL_RUNNING_SITE_FILE);
  fs.writeFileSync(runningSiteFile, `${JSON.stringify({ origin, pid: process.pid, since: new Date().toISOString() })}\n`);
  console.log(api.startupMessage);
  const engine = releaseEngineOf(distDir);
  // A release killed half-way left its records current and the site part-published: the publish completes it.
  void completeInterruptedRelease(engine);
  // Running canaries are judged on what visitors' browsers report, and aborted without a person.
  const watch = startCanaryWatch({
    dataDir,
    intervalSeconds: canaryWatch.intervalSeconds,
    watchCanaries: canaryCheckThroughEngine(engine, canaryWatch.thresholds),
    // Every publish is watched too, for PUBLISH_WATCH_MINUTES, and rolled back by the same rule.
    watchPublishes: publishCheckThroughEngine(engine, canaryWatch.thresholds, canaryWatch.publishWatchMinutes),
    // Ops told of an automatic abort or rollback by mail, as the kesho-alarms topic tells them in AWS:
    // ALARM_EMAIL (else SUPPORT_EMAIL) through the API's mail transport (.eml files under DATA_DIR/mail).
    notify: (subject, text) => api.notifyOps({ subject, text, ...(canaryWatch.alarmEmail ? { to: canaryWatch.alarmEmail } : {}) }),
  });

  let stopping = false;
  const stop = async () => {
    if (stopping) return;
    stopping = true;
    fs.rmSync(runningSiteFile, { force: true });
    server.close();
    server.closeAllConnections();
    await watch.stop();
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
