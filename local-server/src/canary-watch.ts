/**
 * The local server's watch over running canaries: every `intervalSeconds` it reads the canaries the
 * release recorded (the edge record, dist/site/edge/state.json, as edge/state.json in AWS) and the client events visitors' browsers sent since each
 * started (<DATA_DIR>/client-events/), judges the canary's build against the live build with the one
 * rule the AWS release publisher applies too (@kesho/release-model/canary-health), and when the rule says
 * so aborts the canary itself, through the release engine's abort every abort goes through
 * (./release-engine: recorded in the history by "auto" with the figures), and says so in
 * the log (CANARY_ABORTED_EVENT, what ops watch). Without anyone typing a command, every visitor is
 * back on the live build within a period or two.
 *
 * A full publish is watched the same way for PUBLISH_WATCH_MINUTES after it (@kesho/release-model/publish-watch):
 * the new build against the build it replaced, by the same rule; a condemned build is rolled back to the
 * one it replaced through the engine's rollback (by "auto", the figures as its why), logged as
 * PUBLISH_ROLLED_BACK_EVENT.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { figuresOf, type CanaryThresholds, type FiguresSource } from '@kesho/release-model/canary-health';
import { CLIENT_EVENTS_FOLDER, clientEventsFileMayHold, storedClientEventsOf, type StoredClientEvent } from '@kesho/operations/client-events';
import { canaryRecordsOf, historyOf, type CanaryRecord, type HistoryEntry } from '@kesho/release-model/edge-plan';
import { CANARY_ABORTED_EVENT, PUBLISH_ROLLED_BACK_EVENT } from '@kesho/operations/ops-events';
import { condemnedCanaries, condemnedPublishes } from '@kesho/release-model/publish-watch';

export interface CanaryWatchOptions {
  /** dist/site/edge/state.json, the edge record: the running canaries and the history. */
  readonly edgeRecordFile: string;
  readonly dataDir: string;
  readonly intervalSeconds: number;
  readonly thresholds: CanaryThresholds;
  /** Ends a canary the rule condemned: the release engine's abort (./release-engine) on the dist/ beside the edge state. */
  readonly abort: (app: string, reason: string) => Promise<void>;
  /**
   * Every publish is watched too (issue 39, item 3), from the release record's history: how long
   * after a publish its build is judged against the one it replaced (@kesho/release-model/publish-watch), and the
   * rollback of a build the rule condemned (the engine's, by "auto", only while `expectLive` is still live).
   */
  readonly publishes?: {
    readonly windowMinutes: number;
    readonly rollback: (app: string, to: string, reason: string, expectLive: string) => Promise<void>;
  };
  readonly log?: (line: string) => void;
}

export interface CanaryWatch {
  /** One look at every running canary (the timer's; tests call it). */
  check(): Promise<void>;
  stop(): Promise<void>;
}

/** The running canaries and the history the release recorded (@kesho/release-model/edge-plan's readers); none when the record is missing or unreadable. */
async function releaseRecord(file: string): Promise<{ canaries: CanaryRecord[]; history: HistoryEntry<string>[] }> {
  try {
    const value: unknown = JSON.parse(await fs.readFile(file, 'utf8'));
    return { canaries: canaryRecordsOf(value), history: historyOf(value) };
  } catch {
    return { canaries: [], history: [] };
  }
}

async function eventsSince(dataDir: string, since: Date): Promise<StoredClientEvent[]> {
  const dir = path.join(dataDir, CLIENT_EVENTS_FOLDER);
  const files = (await fs.readdir(dir).catch(() => [] as string[])).filter((file) => clientEventsFileMayHold(file, since)).sort();
  const events: StoredClientEvent[] = [];
  for (const file of files) events.push(...storedClientEventsOf(await fs.readFile(path.join(dir, file), 'utf8').catch(() => ''), since));
  return events;
}

/** The local FiguresSource (@kesho/release-model/canary-health): one build's figures from the stored client events. */
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
    // The look the AWS publisher's scheduled check takes too (@kesho/release-model/publish-watch).
    const { canaries } = await releaseRecord(options.edgeRecordFile);
    for (const { canary, reason } of await condemnedCanaries(figures, canaries, new Date(), options.thresholds)) {
      try {
        await options.abort(canary.app, reason);
        log(JSON.stringify({ level: 'warn', message: CANARY_ABORTED_EVENT, app: canary.app, build: canary.buildId, live: canary.previous, percent: canary.percent, reason }));
      } catch (error) {
        // Another release holds the lock, say: the next look tries again.
        log(JSON.stringify({ level: 'error', message: 'release.canary_abort_failed', app: canary.app, build: canary.buildId, error: String(error) }));
      }
    }
    const publishes = options.publishes;
    if (!publishes) return;
    // Read again: an abort above changed the history.
    const { history } = await releaseRecord(options.edgeRecordFile);
    for (const { publish, reason } of await condemnedPublishes(figures, history, { now: new Date(), windowMinutes: publishes.windowMinutes, thresholds: options.thresholds })) {
      try {
        await publishes.rollback(publish.app, publish.previous, reason, publish.buildId);
        log(JSON.stringify({ level: 'warn', message: PUBLISH_ROLLED_BACK_EVENT, app: publish.app, build: publish.buildId, to: publish.previous, since: publish.since, reason }));
      } catch (error) {
        // The lock, or a release since: the next look judges the history as it is then.
        log(JSON.stringify({ level: 'error', message: 'release.publish_rollback_failed', app: publish.app, build: publish.buildId, error: String(error) }));
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
