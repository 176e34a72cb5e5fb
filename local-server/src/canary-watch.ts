/**
 * The local server's watch over running canaries: every `intervalSeconds` it runs the engine's
 * watchCanaries (@kesho/release-model/engine/edge-pass, the AWS publisher's scheduled check) through the
 * release engine (./release-engine: over dist/site and the local edge services, under the release lock)
 * with the local figures source: the client events visitors' browsers sent (<DATA_DIR>/client-events/)
 * behind the same FiguresSource interface as infra's CloudWatch one (infra/functions/release-publisher/figures.ts).
 * The engine judges each canary's build against the live build with the one rule
 * (@kesho/release-model/canary-health), aborts a condemned one itself through its edge pass (recorded in
 * the history by "auto" with the figures) and says so in the log (CANARY_ABORTED_EVENT, what ops watch).
 * Without anyone typing a command, every visitor is back on the live build within a period or two.
 *
 * A full publish is watched the same way for PUBLISH_WATCH_MINUTES after it: every look then runs the
 * engine's watchPublishes (@kesho/release-model/engine/publish-watch, the same scheduled check's) through the
 * release engine, which judges the new build against the build it replaced (the edge record's live builds)
 * by the same rule, rolls a condemned one back (by "auto", the figures as its why, its release withdrawn)
 * and logs PUBLISH_ROLLED_BACK_EVENT.
 *
 * Either run tells ops what it did through `notify`, the engine's EdgeServices.notify (SNS, the
 * kesho-alarms topic mailed to alarmEmail, in AWS): the local server hands in the local API's mail
 * (ALARM_EMAIL, an `.eml` under DATA_DIR/mail that `npm run mail` lists). A notice that fails is logged by
 * the engine (release.ops_notice_failed, as in AWS); the abort or rollback stands.
 */
import fs from 'node:fs/promises';
import path from 'node:path';
import { figuresOf, type FiguresSource } from '@kesho/release-model/canary-health';
import { CLIENT_EVENTS_FOLDER, clientEventsFileMayHold, storedClientEventsOf, type StoredClientEvent } from '@kesho/operations/client-events';

/** Tells ops (the engine's EdgeServices.notify): a subject and a message. */
export type OpsNotify = (subject: string, message: string) => Promise<void>;

export interface CanaryWatchOptions {
  readonly dataDir: string;
  readonly intervalSeconds: number;
  /**
   * One run of the engine's canary check with these figures (./release-engine: watchCanaries over the
   * dist/ beside the edge record, under the release lock); the engine's log lines go to `log`.
   */
  readonly watchCanaries: (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) => Promise<unknown>;
  /**
   * Every publish is watched too (issue 39, item 3): one run of the engine's publish check with these
   * figures (./release-engine: watchPublishes over the dist/, under the release lock, with
   * PUBLISH_WATCH_MINUTES); the engine's log lines go to `log`.
   */
  readonly watchPublishes?: (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) => Promise<unknown>;
  /** Tells ops what a run did (the engine's notice of an automatic abort or rollback); none: only the log says it. */
  readonly notify?: OpsNotify;
  readonly log?: (line: string) => void;
}

export interface CanaryWatch {
  /** One look at every running canary (the timer's; tests call it). */
  check(): Promise<void>;
  stop(): Promise<void>;
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
  const { notify } = options;
  let running: Promise<void> | null = null;

  async function look(): Promise<void> {
    // The AWS publisher's scheduled check itself (@kesho/release-model/engine/edge-pass watchCanaries).
    try {
      await options.watchCanaries(figures, (line) => log(JSON.stringify(line)), notify);
    } catch (error) {
      // Another release holds the lock, say: the next look tries again.
      log(JSON.stringify({ level: 'error', message: 'release.canary_abort_failed', error: String(error) }));
    }
    if (!options.watchPublishes) return;
    // Then the publishes, as the scheduled check runs them: after the canaries' run (an abort is in the record).
    try {
      await options.watchPublishes(figures, (line) => log(JSON.stringify(line)), notify);
    } catch (error) {
      // The lock, say: the next look judges the record as it is then.
      log(JSON.stringify({ level: 'error', message: 'release.publish_rollback_failed', error: String(error) }));
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
