/**
 * `npm run release -- status [app]`: what visitors' browsers made of each app's builds in the last
 * hour, from the client events the local server stored (<DATA_DIR>/client-events/<day>.jsonl): per
 * app the live build and any other build seen, with page views, errors, error rate, the top error
 * messages (every frame mapped back to the original source with the build's private source map,
 * dist/sourcemaps/…) and the Web Vitals' p75. In AWS the same figures are the Kesho/ClientEvents
 * metrics and the client-events function's log (infra/RUNBOOK.md).
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import sourceMap from 'source-map';
import { sourceMapsDir } from './paths.mjs';
import { CLIENT_EVENTS_FOLDER, clientEventsFileMayHold, storedClientEventsOf, summariseClientEvents } from '@kesho/operations/client-events';
import { figuresOf, judgeCanary } from '@kesho/release-model/canary-health';

export const STATUS_WINDOW_MS = 60 * 60_000;

/** Client events stored at or after `since`, oldest first (the files the local server writes, @kesho/operations/client-events). */
export async function readClientEvents(dataDir, since) {
  const dir = path.join(dataDir, CLIENT_EVENTS_FOLDER);
  let files = [];
  try {
    files = (await fs.readdir(dir)).filter((file) => clientEventsFileMayHold(file, since)).sort();
  } catch (error) {
    if (/** @type {NodeJS.ErrnoException} */ (error).code !== 'ENOENT') throw error;
  }
  const events = [];
  for (const file of files) events.push(...storedClientEventsOf(await fs.readFile(path.join(dir, file), 'utf8'), since));
  return events;
}

const consumers = new Map();
/** The folder an app's sources sit in: webpack names them relative to it (./src/…, ../node_modules/…). */
const appFolder = (script) => (script.startsWith('shell/') ? 'shell' : `mfe-${script.split('/')[1]}`);

/** A frame's position in the original source, when the build's private source map is here. */
export async function originalPosition(frame) {
  const match = /\/((?:mfe\/[a-z]+|shell)\/[0-9a-f]{12}\/[^\s:)]+\.js):(\d+):(\d+)/.exec(frame);
  if (!match) return null;
  const [, script, line, column] = match;
  const mapFile = path.join(sourceMapsDir, `${script}.map`);
  if (!consumers.has(mapFile)) {
    const raw = await fs.readFile(mapFile, 'utf8').catch(() => null);
    consumers.set(mapFile, raw ? new sourceMap.SourceMapConsumer(JSON.parse(raw)) : null);
  }
  const consumer = consumers.get(mapFile);
  const position = consumer?.originalPositionFor({ line: Number(line), column: Number(column) - 1 });
  if (!position?.source) return null;
  const source = path.posix.normalize(`${appFolder(script)}/${position.source.replace(/^webpack:\/\/[^/]*\//, '')}`);
  return `${source}:${position.line}:${(position.column ?? 0) + 1}${position.name ? ` (${position.name})` : ''}`;
}

const percent = (rate) => (rate === null ? 'n/a' : `${(rate * 100).toFixed(1)} %`);
const ms = (value) => (value === null ? 'n/a' : `${Math.round(value)} ms`);

/**
 * The status report's lines; for a running canary, the watch's verdict on it since it started
 * (@kesho/release-model/canary-health, the rule that aborts it on its own).
 * @param {{ apps: string[], live: Record<string, string | undefined>, events: any[], now?: Date,
 *   canaries?: import('./release/canaries-previews.mjs').Canary[], previews?: import('./release/canaries-previews.mjs').Preview[], thresholds?: import('../../packages/release-model/src/canary-health').CanaryThresholds }} input
 */
export async function statusLines({ apps, live, events, now = new Date(), canaries = [], previews = [], thresholds }) {
  const summaries = summariseClientEvents(events);
  const lines = [`Client events since ${new Date(now.getTime() - STATUS_WINDOW_MS).toISOString()} (the last hour):`];
  for (const app of apps) {
    const liveBuild = live[app];
    const seen = summaries.filter((summary) => summary.app === app);
    lines.push(`${app}: live build ${liveBuild ?? '(none)'}`);
    const canary = canaries.find((entry) => entry.app === app);
    if (canary && liveBuild) {
      const since = events.filter((event) => event.at >= canary.since);
      const verdict = judgeCanary(figuresOf(since, app, canary.buildId), figuresOf(since, app, liveBuild), thresholds);
      lines.push(`  canary ${canary.buildId} for ${canary.percent} % of visitors since ${canary.since}: ${verdict.abort ? `to be aborted, ${verdict.reason}` : `kept, ${verdict.summary}`}`);
    }
    const builds = [...seen].sort((a, b) => (a.build === liveBuild ? -1 : b.build === liveBuild ? 1 : 0));
    if (!builds.some((summary) => summary.build === liveBuild)) lines.push(`  ${liveBuild ?? '-'} (live): no events yet`);
    for (const summary of builds) {
      const preview = previews.find((entry) => entry.app === app && entry.buildId === summary.build);
      const label =
        summary.build === liveBuild
          ? `${summary.build} (live)`
          : summary.build === canary?.buildId
            ? `${summary.build} (canary)`
            : preview
              ? `${summary.build} (preview, until ${preview.expiresAt})`
              : `${summary.build} (not live)`;
      lines.push(
        `  ${label}: ${summary.pageViews} page views, ${summary.errors} errors, error rate ${percent(summary.errorRate)}, ` +
          `LCP p75 ${ms(summary.p75.LCP)}, INP p75 ${ms(summary.p75.INP)}, CLS p75 ${summary.p75.CLS === null ? 'n/a' : summary.p75.CLS.toFixed(3)}`,
      );
      for (const error of summary.topErrors) {
        lines.push(`    ${error.count} × ${error.name}: ${error.message}`);
        // Every frame the browser sent (at most LIMITS.frames), each mapped to its build's source line.
        for (const frame of error.frames) {
          const original = await originalPosition(frame);
          lines.push(`        ${original ? `${original}  ← ${frame}` : frame}`);
        }
      }
    }
  }
  return lines;
}
