import { NO_FIGURES, type BuildFigures, type FiguresSource } from '../src/canary-health';
import { condemnedCanaries, condemnedPublishes, judgePublish, watchedPublishes } from '../src/publish-watch';

const at = (minutesAgo: number, now: Date) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();
const now = new Date('2026-11-27T12:00:00.000Z');
const entry = (action: string, app: string, buildId: string, previous: string | null, minutesAgo: number) => ({ action, app, buildId, previous, by: 'team', at: at(minutesAgo, now) });

describe('which publishes are watched (issue 39, item 3)', () => {
  test('the last live change of each app, when it is a publish that replaced a build within the window', () => {
    const history = [
      entry('build', 'marketing', 'm1', null, 90),
      entry('publish', 'marketing', 'm2', 'm1', 10),
      entry('publish', 'legal', 'l2', 'l1', 40),
      entry('canary', 'commerce', 'c2', 'c1', 5),
      entry('publish', 'shell', 's2', 's1', 2),
    ];
    expect(watchedPublishes(history, now, 30)).toEqual([
      { app: 'marketing', buildId: 'm2', previous: 'm1', since: at(10, now) },
      { app: 'shell', buildId: 's2', previous: 's1', since: at(2, now) },
    ]);
    expect(watchedPublishes(history, now, 60).map((publish) => publish.app)).toEqual(['marketing', 'legal', 'shell']);
  });

  test('a rollback, another publish or a promotion after it ends the watch; a first publish has nothing to compare with', () => {
    expect(watchedPublishes([entry('publish', 'marketing', 'm2', 'm1', 10), entry('rollback', 'marketing', 'm1', 'm2', 5)], now, 30)).toEqual([]);
    expect(watchedPublishes([entry('publish', 'marketing', 'm2', 'm1', 10), entry('promote', 'marketing', 'm3', 'm2', 5)], now, 30)).toEqual([]);
    expect(watchedPublishes([entry('publish', 'marketing', 'm2', null, 10)], now, 30)).toEqual([]);
    // A canary or an abort is no live change: the publish before it is still watched.
    expect(watchedPublishes([entry('publish', 'legal', 'l2', 'l1', 10), entry('abort', 'legal', 'l3', 'l2', 1)], now, 30)).toHaveLength(1);
  });
});

describe('the verdict on a watched publish', () => {
  /** One page view per client, each page view with errors on a client of its own. */
  const figures = (pageViews: number, pageViewsWithErrors: number): BuildFigures => ({
    ...NO_FIGURES,
    clients: pageViews,
    clientsWithErrors: pageViewsWithErrors,
    pageViews,
    pageViewsWithErrors,
  });
  /** Records what was asked for, answers from a table by build. */
  function source(table: Record<string, BuildFigures>) {
    const asked: { build: string; since: string; until: string }[] = [];
    const read: FiguresSource = async (_app, build, since, until) => {
      asked.push({ build, since: since.toISOString(), until: until.toISOString() });
      return table[build] ?? NO_FIGURES;
    };
    return { read, asked };
  }
  const publish = { app: 'marketing', buildId: 'm2', previous: 'm1', since: at(10, now) };

  test('the new build since the publish against the replaced build over as long before it', async () => {
    const { read, asked } = source({ m2: figures(20, 8), m1: figures(200, 1) });
    const verdict = await judgePublish(read, publish, now);
    expect(asked).toEqual([
      { build: 'm2', since: at(10, now), until: now.toISOString() },
      { build: 'm1', since: at(20, now), until: at(10, now) },
    ]);
    expect(verdict).toEqual({
      abort: true,
      reason:
        "error rate 40.0 % (8 page views with errors in 20; 8 of 20 clients) against live's 0.5 % (1 in 200; 1 of 200 clients): errors on at least 5 clients and 5 page views, the error rate over 2.0 % and over 2 × live's (live's: the replaced build m1 in the 10 min before the publish)",
    });
  });

  test('a new build that does as well as the one it replaced is kept', async () => {
    const { read } = source({ m2: figures(100, 1), m1: figures(100, 1) });
    expect((await judgePublish(read, publish, now)).abort).toBe(false);
  });
});

describe("the watch's one look, both engines' (the local server's, the publisher's scheduled check)", () => {
  const figures = (pageViews: number, pageViewsWithErrors: number): BuildFigures => ({
    ...NO_FIGURES,
    clients: pageViews,
    clientsWithErrors: pageViewsWithErrors,
    pageViews,
    pageViewsWithErrors,
  });
  const table: Record<string, BuildFigures> = { bad: figures(20, 8), good: figures(200, 1), live: figures(200, 1) };
  const read: FiguresSource = async (_app, build) => table[build] ?? NO_FIGURES;

  test('condemns each running canary the rule condemns against its live build, with the reason; one without a live build is not judged', async () => {
    const canaries = [
      { app: 'marketing', buildId: 'bad', previous: 'live', since: at(10, now), release: 'r1' },
      { app: 'legal', buildId: 'good', previous: 'live', since: at(10, now) },
      { app: 'commerce', buildId: 'bad', previous: null, since: at(10, now) },
    ];
    const condemned = await condemnedCanaries(read, canaries, now);
    expect(condemned.map(({ canary }) => canary)).toEqual([canaries[0]]);
    expect(condemned[0]?.reason).toMatch(/^error rate 40\.0 %/);
  });

  test('condemns each watched publish the rule condemns, with the reason', async () => {
    const history = [entry('publish', 'marketing', 'bad', 'live', 10), entry('publish', 'legal', 'good', 'live', 10), entry('publish', 'shell', 'bad', 'live', 45)];
    const condemned = await condemnedPublishes(read, history, { now, windowMinutes: 30 });
    expect(condemned.map(({ publish }) => publish)).toEqual([{ app: 'marketing', buildId: 'bad', previous: 'live', since: at(10, now) }]);
    expect(condemned[0]?.reason).toMatch(/^error rate 40\.0 %.*\(live's: the replaced build live in the 10 min before the publish\)$/);
  });
});
