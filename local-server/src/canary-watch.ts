/**
 * The local server's watch over running canaries: every `intervalSeconds` it reads the canaries the
 * release recorded (dist/edge-state.json) and the client events visitors' browsers sent since each
 * started (<DATA_DIR>/client-events/), judges the canary's build against the live build with the one
 * rule the AWS release publisher applies too (@kesho/common/canary-health), and when the rule says
 * so aborts the canary itself, through the release engine's abort every abort goes through
 * (./release-engine: recorded in the history by "auto" with the figures), and says so in
 * the log (CANARY_ABORTED_EVENT, what ops watch). Without anyone typing a command, every visitor is
 * back on the live build within a period or two.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { figuresOf, judgeCanary, type CanaryThresholds, type FiguresSource } from '@kesho/common/canary-health';
import { CLIENT_EVENTS_FOLDER, clientEventsFileMayHold, storedClientEventsOf, type StoredClientEvent } from '@kesho/common/client-events';
import { canaryRecordsOf, type CanaryRecord } from '@kesho/common/edge-plan';
import { CANARY_ABORTED_EVENT } from '@kesho/common/ops-events';

export interface CanaryWatchOptions {
  /** dist/edge-state.json. */
  readonly edgeStateFile: string;
  readonly dataDir: string;
  readonly intervalSeconds: number;
  readonly thresholds: CanaryThresholds;
  /** Ends a canary the rule condemned: the release engine's abort (./release-engine) on the dist/ beside the edge state. */
  readonly abort: (app: string, reason: string) => Promise<void>;
  readonly log?: (line: string) => void;
}

export interface CanaryWatch {
  /** One look at every running canary (the timer's; tests call it). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/** The canaries the release recorded in the edge state file (@kesho/common/edge-plan's records). */
async function recordedCanaries(file: string): Promise<CanaryRecord[]> {
  try {
    return canaryRecordsOf(JSON.parse(await fs.readFile(file, 'utf8')));
  } catch {
    return [];
  }
}

async function eventsSince(dataDir: string, since: Date): Promise<StoredClientEvent[]> {
  const dir = path.join(dataDir, CLIENT_EVENTS_FOLDER);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => clientEventsFileMayHold(file, since)).sort();
  const events: StoredClientEvent[] = [];
  for (const file of files) events.push(...storedClientEventsOf(await fs.readFile(path.join(dir, file), 'utf8').catch(() => ''), since));
  return events;
}

/** The local FiguresSource (@kesho/common/canary-health): one build's figures from the stored client events. */
export function storedEventFigures(dataDir: string): FiguresSource {
  return async (app, build, since, until) => {
    const events = (await eventsSince(dataDir, since)).filter((event) => Date.parse(event.at) <= until.getTime());
    return figuresOf(events, app, build);
  };
}

export function startCanaryWatch(options: CanaryWatchOptions): CanaryWatch {
  const log = options.log ?? ((line: string) => console.log(line));
  const figures = storedEventFigures(options.dataDir);
  let running: Promise<void> | null = null;

  async function look(): Promise<void> {
    for (const canary of await recordedCanaries(options.edgeStateFile)) {
      if (!canary.previous) continue;
      const since = new Date(canary.since);
      const until = new Date();
      const verdict = judgeCanary(await figures(canary.app, canary.buildId, since, until), await figures(canary.app, canary.previous, since, until), options.thresholds);
      if (!verdict.abort) continue;
      try {
        await options.abort(canary.app, verdict.reason);
        log(JSON.stringify({ level: 'warn', message: CANARY_ABORTED_EVENT, app: canary.app, build: canary.buildId, live: canary.previous, percent: canary.percent, reason: verdict.reason }));
      } catch (error) {
        // Another release holds the lock, say: the next look tries again.
        log(JSON.stringify({ level: 'error', message: 'release.canary_abort_failed', app: canary.app, build: canary.buildId, error: String(error) }));
      }
    }
  }

  /** One look at a time: an abort in progress is not started twice. */
  const check = (): Promise<void> => {
    running ??= look().finally(() => {
      running = null;
    });
    return running;
  };
  const timer = setInterval(() => void check(), options.intervalSeconds * 1000);
  timer.unref();
  return {
    check,
    async stop() {
      clearInterval(timer);
      await running;
    },
  };
}
