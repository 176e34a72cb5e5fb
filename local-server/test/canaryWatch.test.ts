import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CANARY_THRESHOLDS } from '@kesho/common/canary-health';
import { startCanaryWatch, type CanaryWatch } from '../src/canary-watch';

/*
 * The watch on the files the release and the client-events endpoint write: a canary whose build
 * breaks in browsers is aborted through the release command, with the figures; one that behaves is
 * left alone; events from before it started do not count.
 */
let dir: string;
let watches: CanaryWatch[] = [];
const since = new Date(Date.now() - 60_000).toISOString();
const before = new Date(Date.now() - 120_000).toISOString();

function writeState(canaries: object[]) {
  fs.writeFileSync(path.join(dir, 'edge-state.json'), JSON.stringify({ edge: {}, canaries, previews: [] }));
}

function writeEvents(events: object[]) {
  fs.mkdirSync(path.join(dir, 'data', 'client-events'), { recursive: true });
  const byDay = new Map<string, string[]>();
  for (const event of events as { at: string }[]) byDay.set(event.at.slice(0, 10), [...(byDay.get(event.at.slice(0, 10)) ?? []), JSON.stringify(event)]);
  for (const [day, lines] of byDay) fs.writeFileSync(path.join(dir, 'data', 'client-events', `${day}.jsonl`), `${lines.join('\n')}\n`);
}

const views = (build: string, count: number, at = new Date().toISOString()) => Array.from({ length: count }, () => ({ at, type: 'pageview', app: 'marketing', build, route: '/' }));
const errors = (build: string, count: number, at = new Date().toISOString()) =>
  Array.from({ length: count }, () => ({ at, type: 'error', app: 'marketing', build, route: '/', kind: 'render', name: 'Error', message: 'boom', frames: [] }));

function watch(abort: (app: string, reason: string) => Promise<void>, log: string[] = []) {
  const started = startCanaryWatch({
    edgeStateFile: path.join(dir, 'edge-state.json'),
    dataDir: path.join(dir, 'data'),
    intervalSeconds: 3600,
    thresholds: DEFAULT_CANARY_THRESHOLDS,
    abort,
    log: (line) => log.push(line),
  });
  watches.push(started);
  return started;
}

beforeEach(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-canary-watch-'));
  writeState([{ app: 'marketing', buildId: 'bbbbbbbbbbbb', previous: 'aaaaaaaaaaaa', since, percent: 50, by: 'team' }]);
});

afterEach(async () => {
  for (const started of watches) await started.stop();
  watches = [];
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a canary whose build throws in browsers is aborted with the figures, and the log says so', async () => {
  writeEvents([...views('bbbbbbbbbbbb', 6), ...errors('bbbbbbbbbbbb', 6), ...views('aaaaaaaaaaaa', 40)]);
  const aborted: string[] = [];
  const log: string[] = [];
  await watch(async (app, reason) => void aborted.push(`${app}: ${reason}`), log).check();
  expect(aborted).toEqual(["marketing: error rate 100.0 % (6 errors in 6 page views) against live's 0.0 % (0 in 40): at least 5 errors, over 2.0 % and over 2 × live's"]);
  expect(JSON.parse(log[0] ?? '{}')).toMatchObject({ level: 'warn', message: 'release.canary_aborted', app: 'marketing', build: 'bbbbbbbbbbbb', live: 'aaaaaaaaaaaa' });
});

test('a canary that behaves is left running', async () => {
  writeEvents([...views('bbbbbbbbbbbb', 100), ...errors('bbbbbbbbbbbb', 1), ...views('aaaaaaaaaaaa', 100)]);
  const abort = jest.fn(async () => undefined);
  await watch(abort).check();
  expect(abort).not.toHaveBeenCalled();
});

test('errors from before the canary started do not count', async () => {
  writeEvents([...errors('bbbbbbbbbbbb', 9, before), ...views('bbbbbbbbbbbb', 3)]);
  const abort = jest.fn(async () => undefined);
  await watch(abort).check();
  expect(abort).not.toHaveBeenCalled();
});

test('an abort that fails (another release holds the lock) is logged and tried again on the next look', async () => {
  writeEvents(errors('bbbbbbbbbbbb', 5));
  const log: string[] = [];
  const abort = jest.fn(async () => {
    throw new Error('Another release is running');
  });
  const started = watch(abort, log);
  await started.check();
  await started.check();
  expect(abort).toHaveBeenCalledTimes(2);
  expect(JSON.parse(log[0] ?? '{}')).toMatchObject({ level: 'error', message: 'release.canary_abort_failed', app: 'marketing' });
});

test('no canary, nothing to do', async () => {
  writeState([]);
  writeEvents(errors('bbbbbbbbbbbb', 50));
  const abort = jest.fn(async () => undefined);
  await watch(abort).check();
  expect(abort).not.toHaveBeenCalled();
});
