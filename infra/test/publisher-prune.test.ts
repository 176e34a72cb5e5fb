/**
 * The release publisher prunes the bucket (packages/release-model/src/engine/prune.ts, issue 39 item 9) by
 * the one rule (@kesho/release-model/build-pruning; the local release's pass runs it over dist/site) on an in-memory bucket: old builds are
 * removed whole (files and release snapshots); the live build, the rollback target, builds a current
 * record names and the newest KEPT_BUILDS are kept; nothing goes within PRUNE_GRACE_HOURS of being
 * served; a withdrawn build loses its files; a kept build's superseded release snapshots go, its
 * newest, named and withdrawn ones stay; a pass with nothing to prune deletes nothing. Every pass prunes
 * (the local release's too: there is no pass that skips it).
 */
import { NO_FIGURES } from '@kesho/release-model/canary-health';
import { publishSite, EDGE_RECORD_KEY, type EdgeRecord, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { PRUNE_GRACE_HOURS } from '@kesho/release-model/engine/prune';
import { pointerKey, releasePrefix, RELEASE_RECORD_FILE, withdrawnKey, type RemotePointer, type RemoteRelease } from '@kesho/release-model/engine/release-record';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';
import { deployRemote, deployShell, pointer, publishedDocument, rollBackWithdrawing } from './support/releases';

const START = Date.parse('2025-06-01T12:00:00Z');
const HOUR = 3_600_000;
const marketing = (buildId: string) => pointer('marketing', buildId, ['/', '/faq']);
const legal = pointer('legal', 'legal1', ['/terms']);

/** A build's files as a deploy uploads them. */
function uploadFiles(store: MemoryStore, app: string, buildId: string): void {
  const prefix = app === 'shell' ? `shell/${buildId}/` : `mfe/${app}/${buildId}/`;
  store.write(`${prefix}remoteEntry.js`, `/* ${app} ${buildId} */`);
  store.write(`${prefix}chunks/main.js`, `/* ${app} ${buildId} main */`);
}

function setUp(keptBuilds?: number) {
  const store = new MemoryStore();
  let now = START;
  const services: EdgeServices = {
    kvs: new MemoryKeyValueStore(),
    previewSecret: async () => 'the-preview-link-secret-of-the-tests-0123456789',
    figures: async () => NO_FIGURES,
    notify: async () => undefined,
    siteOrigin: 'https://www.keshoglobal.co.ke',
    now: () => new Date(now),
    log: () => undefined,
    ...(keptBuilds === undefined ? {} : { keptBuilds }),
  };
  uploadFiles(store, 'shell', 's1');
  uploadFiles(store, 'legal', legal.buildId);
  deployRemote(store, legal);
  return {
    store,
    services,
    later: (hours: number) => void (now += hours * HOUR),
    /** A team's deploy of a marketing build, then the publisher's pass. */
    deploy: async (buildId: string): Promise<RemoteRelease> => {
      uploadFiles(store, 'marketing', buildId);
      const record = deployRemote(store, marketing(buildId));
      await publishSite(store, services);
      return record;
    },
  };
}

const has = (store: MemoryStore, prefix: string) => [...store.objects.keys()].some((key) => key.startsWith(prefix));
/** The keys of builds and release snapshots deleted so far (a pass also removes pages and variant folders no longer used). */
const deletions = (store: MemoryStore) => store.changes.filter((change) => change.body === undefined && /^(mfe|shell|releases)\//.test(change.key)).map((change) => change.key);
const liveMarketing = (store: MemoryStore) => publishedDocument(store).remotes.find((remote: RemotePointer) => remote.name === 'marketing')?.buildId;

describe('the release publisher prunes old builds from the bucket', () => {
  test('older builds are removed whole once out of grace; the live build, the rollback target, a build a current record names and the newest KEPT_BUILDS stay', async () => {
    const { store, services, later, deploy } = setUp(2);
    const releases: RemoteRelease[] = [];
    // The shell's current release shows marketing m1: m1 is named by a current record.
    deployShell(store, 's1', [legal, marketing('m1')]);
    for (const id of ['m1', 'm2', 'm3', 'm4', 'm5', 'm6']) {
      releases.push(await deploy(id));
      later(1);
    }
    expect(liveMarketing(store)).toBe('m6');
    // Within PRUNE_GRACE_HOURS of being live nothing is removed: open tabs may still load their chunks.
    expect(deletions(store)).toEqual([]);

    later(PRUNE_GRACE_HOURS);
    const result = await publishSite(store, services);

    // Not live (m6), not the rollback target (m5), not named by the shell's release (m1): m4 and m3 are the newest 2; m2 goes.
    expect(result.prunedBuilds).toEqual([{ app: 'marketing', buildId: 'm2', removed: 'build' }]);
    expect(has(store, 'mfe/marketing/m2/')).toBe(false);
    expect(has(store, releasePrefix('marketing', releases[1]!.release))).toBe(false);
    for (const kept of ['m1', 'm3', 'm4', 'm5', 'm6']) expect(has(store, `mfe/marketing/${kept}/`)).toBe(true);
    for (const kept of [0, 2, 3, 4, 5]) expect(store.text(`${releasePrefix('marketing', releases[kept]!.release)}${RELEASE_RECORD_FILE}`)).toBeDefined();
    // Other apps, the shell build every record names, and the live site are untouched.
    expect(has(store, 'shell/s1/')).toBe(true);
    expect(has(store, `mfe/legal/${legal.buildId}/`)).toBe(true);
    expect(store.text('pages/faq.html')).toContain('marketing m6 /faq');
    expect(deletions(store).every((key) => key.startsWith('mfe/marketing/m2/') || key.startsWith(releasePrefix('marketing', releases[1]!.release)))).toBe(true);
    // The record keeps the order it saw the builds in, without the one removed.
    const record = JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
    expect(record.builds?.marketing?.map((build) => build.buildId)).toEqual(['m1', 'm3', 'm4', 'm5', 'm6']);
  });

  test('a pass with nothing to prune deletes nothing, and the next deploy prunes only what it pushed past the count', async () => {
    const { store, services, later, deploy } = setUp(1);
    for (const id of ['m1', 'm2', 'm3', 'm4']) {
      await deploy(id);
      later(1);
    }
    later(PRUNE_GRACE_HOURS);
    // m4 live, m3 the rollback target, m2 the one build kept besides.
    expect((await publishSite(store, services)).prunedBuilds).toEqual([{ app: 'marketing', buildId: 'm1', removed: 'build' }]);
    const before = deletions(store).length;

    later(1);
    const again = await publishSite(store, services);
    expect(again.prunedBuilds).toEqual([]);
    expect(deletions(store)).toHaveLength(before);

    // The deploy's own pass: m5 live, m4 the rollback target, m3 kept, m2 (out of grace) removed.
    await deploy('m5');
    expect(['m2', 'm3', 'm4', 'm5'].map((id) => has(store, `mfe/marketing/${id}/`))).toEqual([false, true, true, true]);
  });

  test('a withdrawn build loses its files once out of grace; its records and withdrawn mark stay, so deploying it again stays refused', async () => {
    const { store, services, later, deploy } = setUp();
    const m1 = await deploy('m1');
    later(1);
    const m2 = await deploy('m2');
    later(1);
    rollBackWithdrawing(store, 'marketing', m2.release, m1.release);
    await publishSite(store, services);
    expect(liveMarketing(store)).toBe('m1');
    expect(has(store, 'mfe/marketing/m2/')).toBe(true);

    later(PRUNE_GRACE_HOURS + 1);
    const result = await publishSite(store, services);
    expect(result.prunedBuilds).toEqual([{ app: 'marketing', buildId: 'm2', removed: 'served files' }]);
    expect(has(store, 'mfe/marketing/m2/')).toBe(false);
    expect(store.text(withdrawnKey('marketing', m2.release))).toBeDefined();
    expect(store.text(`${releasePrefix('marketing', m2.release)}${RELEASE_RECORD_FILE}`)).toBeDefined();
    expect(has(store, 'mfe/marketing/m1/')).toBe(true);
    // Reported once: the next pass finds nothing left of it.
    later(1);
    expect((await publishSite(store, services)).prunedBuilds).toEqual([]);
    // A stack uploading the withdrawn release again is still refused, and m1 stays live.
    store.write(pointerKey('marketing'), JSON.stringify(m2));
    expect((await publishSite(store, services)).rejected).toEqual([expect.objectContaining({ app: 'marketing', withdrawn: true })]);
    expect(liveMarketing(store)).toBe('m1');
  });

  test("a kept build's superseded release snapshots go once out of grace; its newest, the live and replaced releases and a withdrawn one stay", async () => {
    const { store, services, later } = setUp();
    uploadFiles(store, 'marketing', 'm1');
    uploadFiles(store, 'marketing', 'm2');
    /** A team's deploy of a release of a build (an edition: its pages made again, e.g. re-rendered with new texts), then the pass. */
    const deploy = async (buildId: string, edition: number): Promise<RemoteRelease> => {
      const record = deployRemote(store, marketing(buildId), 's1', edition);
      await publishSite(store, services);
      later(1);
      return record;
    };
    const [r1a, r1b, r1c, r2a, r2b] = [await deploy('m1', 1), await deploy('m1', 2), await deploy('m1', 3), await deploy('m2', 1), await deploy('m2', 2)];
    // r1b withdrawn by a rollback: its mark keeps a redeploy of it refused.
    store.write(withdrawnKey('marketing', r1b.release), JSON.stringify({ by: 'ops', rolledBackTo: r1a.release }));
    const snapshots = () => new Set([...store.objects.keys()].filter((key) => key.startsWith('releases/marketing/')).map((key) => key.split('/')[2]));
    expect(snapshots()).toEqual(new Set([r1a, r1b, r1c, r2a, r2b].map((record) => record.release)));
    // Within grace nothing goes.
    expect((await publishSite(store, services)).prunedReleases).toEqual([]);

    later(PRUNE_GRACE_HOURS);
    const result = await publishSite(store, services);
    // m1's newest release r1c stays (a hand rollback to m1 copies it), r1b is withdrawn; m2's r2b is live and r2a the release it replaced.
    expect(result.prunedReleases).toEqual([{ app: 'marketing', release: r1a.release }]);
    expect(result.prunedBuilds).toEqual([]);
    expect(snapshots()).toEqual(new Set([r1b, r1c, r2a, r2b].map((record) => record.release)));
    expect(store.text(withdrawnKey('marketing', r1b.release))).toBeDefined();
    expect(deletions(store).every((key) => key.startsWith(releasePrefix('marketing', r1a.release)))).toBe(true);
    const record = JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
    expect(record.builds?.marketing?.find((build) => build.buildId === 'm1')?.releases?.map((release) => release.release)).toEqual([r1b.release, r1c.release].sort());

    // A new release of m2 makes r2a neither live nor replaced, nor m2's newest: out of grace already, it goes with the deploy's own pass.
    const r2c = await deploy('m2', 3);
    expect(snapshots()).toEqual(new Set([r1b, r1c, r2b, r2c].map((record) => record.release)));
    expect(liveMarketing(store)).toBe('m2');
    expect(store.text('pages/faq.html')).toContain('marketing m2 /faq shell s1 edition 3');
  });

  test('a running canary, the build it is compared with and a staged preview are kept whatever their age', async () => {
    const { store, services, later, deploy } = setUp(1);
    const releases: RemoteRelease[] = [];
    // Previews name builds by their 12 hex digits.
    const [m0, m1, m2, m3, m4, m5] = [0, 1, 2, 3, 4, 5].map((n) => `00000000000${n}`) as [string, string, string, string, string, string];
    for (const id of [m0, m1, m2, m3, m4]) {
      releases.push(await deploy(id));
      later(1);
    }
    // A canary of a new upload (m5), compared with the live m4; m1 staged as a preview.
    uploadFiles(store, 'marketing', m5);
    const current = store.text('mfe/pointers/marketing.json') as string;
    const candidate = deployRemote(store, marketing(m5));
    store.write('mfe/pointers/marketing.json', current);
    store.write('mfe/canary/marketing.json', JSON.stringify({ action: 'start', release: candidate.release, percent: 10 }));
    await publishSite(store, services, { preview: { app: 'marketing', release: releases[1]!.release, hours: 100 } });

    later(PRUNE_GRACE_HOURS + 1);
    const result = await publishSite(store, services);
    // Live m4 (compared with the canary m5), the rollback target m3, the preview m1: of m2 and m0, the newest 1 is kept.
    expect(result.prunedBuilds).toEqual([{ app: 'marketing', buildId: m0, removed: 'build' }]);
    expect([m1, m2, m3, m4, m5].map((id) => has(store, `mfe/marketing/${id}/`))).toEqual([true, true, true, true, true]);
  });
});
