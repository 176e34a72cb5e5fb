/**
 * Every publish is watched, in AWS (issue 39, item 3): the publisher notes each app's live build and
 * the one it replaced (edge/state.json's `live`), and the scheduled check judges a team's publish for
 * PUBLISH_WATCH_MINUTES against the replaced build by the local server's rule
 * (@kesho/release-model/publish-watch): a condemned build is rolled back to the replaced release (withdrawn,
 * so a stack's upload of it again is refused), recorded by "auto" with its figures, and ops told.
 */
import { NO_FIGURES, type BuildFigures } from '@kesho/release-model/canary-health';
import { EDGE_RECORD_KEY, publishSite, type EdgeRecord, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { watchPublishes } from '@kesho/release-model/engine/publish-watch';
import { withdrawnKey } from '@kesho/release-model/engine/release-record';
import { MemoryKeyValueStore, MemoryStore } from './support/memory-store';
import { deployRemote, pointer, publishedDocument } from './support/releases';

const LIVE = 'aaaaaaaaaaaa';
const NEW = 'bbbbbbbbbbbb';
const NEWER = 'dddddddddddd';
const PUBLISHED_AT = new Date('2026-11-27T12:00:00Z');
const minutesAfter = (minutes: number) => new Date(PUBLISHED_AT.getTime() + minutes * 60_000);

const broken: BuildFigures = { ...NO_FIGURES, clients: 8, clientsWithErrors: 6, pageViews: 10, pageViewsWithErrors: 6 };
const calm: BuildFigures = { clients: 50, clientsWithErrors: 0, pageViews: 100, pageViewsWithErrors: 0, inpP75: 120, inpSamples: 30, clientsWithInp: 30 };

/** The live marketing release published an hour before, then a team's publish of NEW at PUBLISHED_AT. */
async function setUp() {
  const store = new MemoryStore();
  const notices: string[] = [];
  const logged: Record<string, unknown>[] = [];
  const asked: { build: string; since: string; until: string }[] = [];
  const figures = new Map<string, BuildFigures>();
  let now = minutesAfter(-60);
  const services: EdgeServices = {
    kvs: new MemoryKeyValueStore(),
    previewSecret: async () => 'the-preview-link-secret-of-the-tests-0123456789',
    figures: async (_app, build, since, until) => {
      asked.push({ build, since: since.toISOString(), until: until.toISOString() });
      return figures.get(build) ?? NO_FIGURES;
    },
    notify: async (subject, message) => void notices.push(`${subject}: ${message}`),
    now: () => now,
    log: (line) => void logged.push(line),
  };
  const first = deployRemote(store, pointer('marketing', LIVE, ['/', '/about']));
  deployRemote(store, pointer('legal', 'cccccccccccc', ['/terms']));
  await publishSite(store, services);
  now = PUBLISHED_AT;
  const published = deployRemote(store, pointer('marketing', NEW, ['/', '/about']));
  await publishSite(store, services);
  const at = (time: Date) => {
    now = time;
  };
  return { store, services, notices, logged, asked, figures, first, published, at };
}

const edgeRecord = (store: MemoryStore) => JSON.parse(store.text(EDGE_RECORD_KEY) ?? '{}') as EdgeRecord;
const liveMarketing = (store: MemoryStore) => publishedDocument(store).remotes.find((remote) => remote.name === 'marketing')?.buildId;

describe('the scheduled check watches a full publish in AWS', () => {
  test('the publisher notes each live build, how it got there and the one it replaced', async () => {
    const { store, first, published } = await setUp();
    expect(edgeRecord(store).live?.marketing).toEqual({
      release: published.release,
      buildId: NEW,
      since: PUBLISHED_AT.toISOString(),
      via: 'publish',
      previous: { release: first.release, buildId: LIVE },
    });
    expect(edgeRecord(store).live?.legal).toMatchObject({ buildId: 'cccccccccccc', via: 'first', previous: null });
  });

  test('a published build that errors in browsers is rolled back to the release it replaced, by auto with its figures, withdrawn, and ops told', async () => {
    const { store, services, notices, logged, asked, figures, first, published, at } = await setUp();
    figures.set(NEW, broken);
    figures.set(LIVE, calm);
    at(minutesAfter(5));

    const { rolledBack } = await watchPublishes(store, services);
    expect(rolledBack).toEqual([
      {
        app: 'marketing',
        buildId: NEW,
        release: published.release,
        to: { release: first.release, buildId: LIVE },
        reason: expect.stringContaining('error rate 60.0 % (6 page views with errors in 10; 6 of 8 clients)'),
      },
    ]);
    // The new build since the publish, the replaced one over the five minutes before it.
    expect(asked).toEqual([
      { build: NEW, since: PUBLISHED_AT.toISOString(), until: minutesAfter(5).toISOString() },
      { build: LIVE, since: minutesAfter(-5).toISOString(), until: PUBLISHED_AT.toISOString() },
    ]);
    expect(liveMarketing(store)).toBe(LIVE);
    expect(edgeRecord(store).history.at(-1)).toMatchObject({
      action: 'rollback',
      app: 'marketing',
      buildId: LIVE,
      release: first.release,
      previous: NEW,
      by: 'auto',
      why: expect.stringContaining('the replaced build aaaaaaaaaaaa in the 5 min before the publish'),
    });
    expect(JSON.parse(store.text(withdrawnKey('marketing', published.release)) ?? '{}')).toMatchObject({
      by: 'auto',
      rolledBackTo: first.release,
      why: expect.stringContaining('error rate 60.0 %'),
    });
    expect(notices).toEqual([
      expect.stringContaining(`Kesho: marketing rolled back: The publish of marketing (build ${NEW}, release ${published.release}) was rolled back automatically to build ${LIVE}`),
    ]);
    expect(logged).toContainEqual(expect.objectContaining({ level: 'warn', message: 'release.publish_rolled_back', app: 'marketing', build: NEW, to: LIVE }));

    // The rollback is no publish to watch; the withdrawn release uploaded again by a stack is refused.
    expect(edgeRecord(store).live?.marketing).toMatchObject({ buildId: LIVE, via: 'rollback' });
    expect((await watchPublishes(store, services)).rolledBack).toEqual([]);
    deployRemote(store, pointer('marketing', NEW, ['/', '/about']));
    const again = await publishSite(store, services);
    expect(again.rejected).toContainEqual(expect.objectContaining({ app: 'marketing', withdrawn: true }));
    expect(liveMarketing(store)).toBe(LIVE);
  });

  test('a published build that behaves is kept; so is one past PUBLISH_WATCH_MINUTES', async () => {
    const { store, services, figures, at } = await setUp();
    figures.set(NEW, calm);
    figures.set(LIVE, calm);
    at(minutesAfter(5));
    expect((await watchPublishes(store, services)).rolledBack).toEqual([]);

    figures.set(NEW, broken);
    at(minutesAfter(31));
    expect((await watchPublishes(store, services)).rolledBack).toEqual([]);
    expect((await watchPublishes(store, { ...services, publishWatchMinutes: 60 })).rolledBack).toHaveLength(1);
    expect(liveMarketing(store)).toBe(LIVE);
  });

  test("a team's release since the build was judged wins: nothing is rolled back", async () => {
    const { store, services, figures, at } = await setUp();
    figures.set(NEW, broken);
    at(minutesAfter(5));
    // Its record is current, not yet published by a pass.
    deployRemote(store, pointer('marketing', NEWER, ['/', '/about']));
    expect((await watchPublishes(store, services)).rolledBack).toEqual([]);
    await publishSite(store, services);
    expect(liveMarketing(store)).toBe(NEWER);
  });
});
