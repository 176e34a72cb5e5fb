/**
 * The local runtime's log: each line the functions write (JSON log lines and EMF metric lines) is
 * appended to `<DATA_DIR>/logs/api.jsonl` (@kesho/operations/ops-events), which plays the part of CloudWatch
 * Logs for `npm run orders -- show` and `npm run logs`; the console gets a short readable line per log
 * event and no metric lines (./consoleLine.ts).
 */
import fs from 'node:fs';
import path from 'node:path';
import { LOCAL_LOG_FILE } from '@kesho/operations/ops-events';
import { writeToStdout, type LineWriter } from '../log';
import { consoleLineOf } from './consoleLine';

export interface LocalLog {
  readonly file: string;
  readonly write: LineWriter;
  /** Resolves once every line written so far is in the file (a reader of the file then sees them all). */
  flushed(): Promise<void>;
  /** Resolves once every line is on disk. */
  close(): Promise<void>;
}

export function localLogFileOf(dataDir: string): string {
  return path.join(dataDir, LOCAL_LOG_FILE);
}

export function openLocalLog(dataDir: string, toStdout: LineWriter = writeToStdout): LocalLog {
  const file = localLogFileOf(dataDir);
  fs.mkdirSync(path.dirname(file), { recursive: true });
  const stream = fs.createWriteStream(file, { flags: 'a' });
  let closed: Promise<void> | undefined;
  // The stream writes in the background: the lines handed to it and not yet in the file, and who waits for them.
  let unwritten = 0;
  let waiting: (() => void)[] = [];
  const written = () => {
    unwritten -= 1;
    if (unwritten > 0) return;
    const waiters = waiting;
    waiting = [];
    for (const resolve of waiters) resolve();
  };
  return {
    file,
    write(line) {
      const readable = consoleLineOf(line);
      if (readable !== undefined) toStdout(readable);
      if (closed) return;
      unwritten += 1;
      stream.write(`${line}\n`, written);
    },
    flushed() {
      if (closed) return closed;
      return unwritten === 0 ? Promise.resolve() : new Promise((resolve) => waiting.push(resolve));
    },
    close() {
      closed ??= new Promise((resolve) => stream.end(resolve));
      return closed;
    },
  };
}
