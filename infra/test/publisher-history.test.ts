/**
 * The history of every live change, written by the edge pass (issue 38): a writer of an app's current
 * record (a team stack's deploy, the runbook's rollback by hand, the scheduled check's rollback, the
 * local release) writes the note of its change with the record (`change` in mfe/pointers/<app>.json,
 * release-record.ts LiveChange), and the pass that finds the release live records the entry from that
 * note (who, when, why, where the build came from) in the same conditional write of edge/state.json. A
 * record written without a note (an older writer) is recorded as a publish by "unknown" at the pass's
 * time; a bad note is refused with its record.
 */
import { NO_FIGURES, type BuildFigures } from '@kesho/release-model/canary-health';
import { EDGE_RECORD_KEY, publishSite, type EdgeRecord, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { watchPublishes } from '@kesho/release-model/engine/publish-watch';
import { currentRecordBody, parseLiveChange, pointerKey, RELEASE_RECORD_FILE, releasePrefix, type LiveChange } from '@kesho/release-model/engine/release-record';
import { deployOrigin } from '../lib/release-upload';
import { stageCurrentRecord } from '../lib/site-build';
import fs from 'node:fs';
import path from 'node:path';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';
import { deployRemote, pointer, publishedDocument } from './support/releases';

const FIRST = 'aaaaaaaaaaaa';
const SECOND = 'bbbbbbbbbbbb';
const T0 = new Date('2026-11-28T08:00:00.000Z');
const minutesAfter = (minutes: number) => new Date(T0.getTime() + minutes * 60_000);

function setUp() {
  const store = new MemoryStore();
  let now = T0;
  const figures = new Map<string, BuildFigures>();
  const services: EdgeServices = {
    kvs: new MemoryKeyValueStore(),
    previewSecret: async () => 'the-preview-link-secret-of-the-tests-0123456789',
    figures: async (_app, build) => figures.get(build) ?? NO_FIGURES,
    now: () => now,
  };
  const at = (time: Date) => {
    now = time;
  };
  return { store, services, figures, at };
}

/** A team stack's deploy of a marketing build, its current record written with `change` (none: an older writer). */
function deploy(store: MemoryStore, buildId: string, change?: LiveChange) {
  const record = deployRemote(store, pointer('marketing', buildId, ['/', '/about']));
  if (change) store.write(pointerKey('marketing'), currentRecordBody(record, change));
  return record;
}

const edgeRecord = (store: MemoryStore) => JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
const marketingHistory = (store: MemoryStore) => edgeRecord(store).history.filter((entry) => entry.app === 'marketing');
const liveMarketing = (store: MemoryStore) => publishedDocument(store).remotes.find((remote) => remote.name === 'marketing')?.buildId;

describe('the pass records each live change from the note its current record carries', () => {
  test("a team's publish with a note is recorded as the note says, in the pass's write of the record; its release.json stays the release's", async () => {
    const { store, services, at } = setUp();
    const first = deploy(store, FIRST, { action: 'publish', by: 'team-marketing', source: '0123456789ab', commit: '0123456789ab' });
    await publishSite(store, services);
    // The app's first build: recorded from its note, at the pass's time (the note names none), nothing replaced.
    expect(marketingHistory(store)).toEqual([
      {
        action: 'publish',
        app: 'marketing',
        buildId: FIRST,
        release: first.release,
        previous: null,
        by: 'team-marketing',
        at: T0.toISOString(),
        source: '0123456789ab',
        commit: '0123456789ab',
      },
    ]);

    at(minutesAfter(10));
    const noted = minutesAfter(9).toISOString();
    const note = {
      action: 'publish',
      by: 'team-marketing',
      at: noted,
      why: 'new hero',
      source: 'fedcba987654+changes',
      commit: 'fedcba987654',
      clean: false,
      browserCheck: '38 page views in 17.0 s, no errors',
    } as const;
    const second = deploy(store, SECOND, note);
    const result = await publishSite(store, services);

    // The entry is the note, every field of it, with what the pass knows: the app, the build, its release, the build replaced.
    const entry = { ...note, app: 'marketing', buildId: SECOND, release: second.release, previous: FIRST };
    expect(marketingHistory(store).at(-1)).toEqual(entry);
    expect(result.entries).toEqual([entry]);
    expect(edgeRecord(store).live?.marketing).toEqual({ release: second.release, buildId: SECOND, since: noted, via: 'publish', previous: { release: first.release, buildId: FIRST } });
    expect(JSON.parse(store.text(`${releasePrefix('marketing', second.release)}${RELEASE_RECORD_FILE}`) ?? '{}')).not.toHaveProperty('change');

    // Publishing again (a second event, another app's deploy) records nothing new.
    await publishSite(store, services);
    expect(marketingHistory(store)).toHaveLength(2);
  });

  test('a record written without a note (an older writer) is recorded as a publish by "unknown" at the pass\'s time; an app first seen without one is not', async () => {
    const { store, services, at } = setUp();
    const first = deploy(store, FIRST);
    await publishSite(store, services);
    expect(edgeRecord(store).history).toEqual([]);
    expect(edgeRecord(store).live?.marketing).toMatchObject({ via: 'first', since: T0.toISOString() });

    at(minutesAfter(3));
    const second = deploy(store, SECOND);
    await publishSite(store, services);
    expect(marketingHistory(store)).toEqual([
      { action: 'publish', app: 'marketing', buildId: SECOND, release: second.release, previous: FIRST, by: 'unknown', at: minutesAfter(3).toISOString() },
    ]);
    expect(edgeRecord(store).live?.marketing).toMatchObject({ via: 'publish', since: minutesAfter(3).toISOString(), previous: { release: first.release, buildId: FIRST } });
  });

  test('the same build released again (its pages rendered with another shell) is no change of build: no entry', async () => {
    const { store, services } = setUp();
    deploy(store, FIRST, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);
    const again = deployRemote(store, pointer('marketing', FIRST, ['/', '/about']), 's2');
    store.write(pointerKey('marketing'), currentRecordBody(again, { action: 'publish', by: 'team-shell' }));
    await publishSite(store, services);
    expect(edgeRecord(store).live?.marketing?.release).toBe(again.release);
    expect(marketingHistory(store)).toHaveLength(1);
  });

  test("the runbook's rollback by hand, and a rollback whose pass came later (a writer that died before it), are recorded as rollbacks by whoever made them, at their time, and not watched as a publish", async () => {
    const { store, services, figures, at } = setUp();
    const first = deploy(store, FIRST, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);
    at(minutesAfter(10));
    const second = deploy(store, SECOND, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);

    // infra/RUNBOOK.md, Rollback: the withdrawal, then the older release.json with the note of the rollback over the current record.
    const rolledAt = minutesAfter(12).toISOString();
    store.write(`${releasePrefix('marketing', second.release)}withdrawn.json`, JSON.stringify({ by: 'ops-amina', why: 'checkout broken', rolledBackTo: first.release }));
    const older = JSON.parse(store.text(`${releasePrefix('marketing', first.release)}${RELEASE_RECORD_FILE}`) ?? '{}') as object;
    store.write(pointerKey('marketing'), JSON.stringify({ ...older, change: { action: 'rollback', by: 'ops-amina', at: rolledAt, why: 'checkout broken' } }));
    // No pass until much later: the recovery of a dead writer, or a publisher that was throttled.
    at(minutesAfter(40));
    await publishSite(store, services);

    expect(liveMarketing(store)).toBe(FIRST);
    expect(marketingHistory(store).at(-1)).toEqual({
      action: 'rollback',
      app: 'marketing',
      buildId: FIRST,
      release: first.release,
      previous: SECOND,
      by: 'ops-amina',
      at: rolledAt,
      why: 'checkout broken',
    });
    expect(edgeRecord(store).live?.marketing).toMatchObject({ via: 'rollback', since: rolledAt });
    // A rollback is no publish to watch, however its figures look.
    figures.set(FIRST, { ...NO_FIGURES, clients: 8, clientsWithErrors: 6, pageViews: 10, pageViewsWithErrors: 6 });
    at(minutesAfter(41));
    expect((await watchPublishes(store, services)).rolledBack).toEqual([]);
  });

  test("the scheduled check's rollback carries its note with the record: a pass that completes it later records it by auto, at the check's time, with the figures", async () => {
    const { store, services, figures, at } = setUp();
    const first = deploy(store, FIRST, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);
    at(minutesAfter(10));
    deploy(store, SECOND, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);
    figures.set(SECOND, { ...NO_FIGURES, clients: 8, clientsWithErrors: 6, pageViews: 10, pageViewsWithErrors: 6 });
    figures.set(FIRST, { clients: 50, clientsWithErrors: 0, pageViews: 100, pageViewsWithErrors: 0, inpP75: 120, inpSamples: 30, clientsWithInp: 30 });
    at(minutesAfter(15));

    // The check dies after the record's write, before its pass: the store refuses the pass's first write.
    const put = store.put.bind(store);
    store.put = async (key, ...rest) => {
      if (key === 'mfe/remotes.json') throw new Error('the Lambda timed out');
      return put(key, ...rest);
    };
    await expect(watchPublishes(store, services)).rejects.toThrow('the Lambda timed out');
    store.put = put;
    const current = JSON.parse(store.text(pointerKey('marketing')) ?? '{}') as { release: string; change: LiveChange };
    expect(current.release).toBe(first.release);
    expect(current.change).toEqual({ action: 'rollback', by: 'auto', at: minutesAfter(15).toISOString(), why: expect.stringContaining('error rate 60.0 %') });

    at(minutesAfter(20));
    await publishSite(store, services);
    expect(liveMarketing(store)).toBe(FIRST);
    expect(marketingHistory(store).at(-1)).toMatchObject({
      action: 'rollback',
      buildId: FIRST,
      release: first.release,
      previous: SECOND,
      by: 'auto',
      at: minutesAfter(15).toISOString(),
      why: expect.stringContaining('error rate 60.0 %'),
    });
    expect(edgeRecord(store).live?.marketing).toMatchObject({ via: 'rollback', since: minutesAfter(15).toISOString() });
  });

  test('a record with a bad note is refused with it: the app stays at its release, and the rejection says why', async () => {
    const { store, services } = setUp();
    deploy(store, FIRST, { action: 'publish', by: 'team-marketing' });
    await publishSite(store, services);
    const second = deploy(store, SECOND);
    store.write(pointerKey('marketing'), JSON.stringify({ ...second, change: { action: 'deploy', by: 'team-marketing' } }));
    const result = await publishSite(store, services);
    expect(result.rejected).toEqual([
      { app: 'marketing', reason: expect.stringContaining('Invalid live change in mfe/pointers/marketing.json: "action" must be one of publish, rollback, build, promote') },
    ]);
    expect(liveMarketing(store)).toBe(FIRST);
    expect(marketingHistory(store)).toHaveLength(1);
  });
});

describe('the note of a live change', () => {
  test('is parsed strictly: its fields of their types, an ISO time, nothing else', () => {
    expect(parseLiveChange({ action: 'rollback', by: 'ops', at: '2026-11-28T09:30:00Z', why: 'broken' }, 'x')).toEqual({
      action: 'rollback',
      by: 'ops',
      at: '2026-11-28T09:30:00.000Z',
      why: 'broken',
    });
    expect(() => parseLiveChange({ action: 'publish' }, 'x')).toThrow('"by" must name who made the change');
    expect(() => parseLiveChange({ action: 'publish', by: ' ' }, 'x')).toThrow('"by" must name who made the change');
    expect(() => parseLiveChange({ action: 'publish', by: 'a', at: 'yesterday' }, 'x')).toThrow('"at" must be an ISO time in UTC');
    expect(() => parseLiveChange({ action: 'publish', by: 'a', at: '2026-11-28T09:30:00+03:00' }, 'x')).toThrow('"at" must be an ISO time in UTC');
    expect(() => parseLiveChange({ action: 'publish', by: 'a', clean: 'yes' }, 'x')).toThrow('"clean" must be true or false');
    expect(() => parseLiveChange({ action: 'publish', by: 'a', commit: 7 }, 'x')).toThrow('"commit" must be text');
    expect(() => parseLiveChange({ action: 'publish', by: 'a', percent: 10 }, 'x')).toThrow('not percent');
    expect(() => parseLiveChange('publish', 'x')).toThrow('"change" must be an object');
  });

  test('a team stack\'s current record carries its publish: who (RELEASED_BY, else "cdk deploy") and the pipeline\'s commit (GITHUB_SHA) when the synth knows it', () => {
    expect(deployOrigin({ GITHUB_SHA: '0123456789ABCDEF0123456789abcdef01234567' })).toEqual({ source: '0123456789ab', commit: '0123456789ab' });
    expect(deployOrigin({})).toEqual({});
    expect(deployOrigin({ GITHUB_SHA: 'not-a-commit' })).toEqual({});
    const store = new MemoryStore();
    const record = deployRemote(store, pointer('marketing', FIRST, ['/']));
    const staged = stageCurrentRecord(record, { action: 'publish', by: 'cdk deploy', ...deployOrigin({ GITHUB_SHA: '0123456789abcdef0123456789abcdef01234567' }) });
    expect(staged.key).toBe('mfe/pointers/marketing.json');
    expect(JSON.parse(fs.readFileSync(path.join(staged.directory, 'marketing.json'), 'utf8'))).toEqual({
      ...record,
      change: { action: 'publish', by: 'cdk deploy', source: '0123456789ab', commit: '0123456789ab' },
    });
  });
});
