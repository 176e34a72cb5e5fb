import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { DEFAULT_CANARY_THRESHOLDS, type FiguresSource } from '@kesho/release-model/canary-health';
import { publishSite, watchCanaries, type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { watchPublishes } from '@kesho/release-model/engine/publish-watch';
import { nameRelease, pageKeyForRoute, pointerKey, RELEASE_RECORD_FILE, releasePrefix, withdrawnKey } from '@kesho/release-model/engine/release-record';
import { FileKeyValueStore, FolderStore } from '@kesho/release-model/folder-store';
import { revalidatedMetadata } from '@kesho/release-model/object-store';
import { mailDirectoryOf, startLocalApi, type LocalApiInternals } from '@kesho/lambdas/local-api';
import { readMailbox } from '@kesho/lambdas/local-mailbox';
import { startCanaryWatch, type CanaryWatch, type OpsNotify } from '../src/canary-watch';

/*
 * The watch on the files the release and the client-events endpoint write: a canary whose build
 * breaks in browsers is aborted by the engine's canary check (watchCanaries, the AWS scheduled check,
 * run here over a site folder as the release engine runs it over dist/site, without its lock) with the
 * local figures, with the figures as its why; one that behaves is left alone; events from before it
 * started do not count.
 */
let dir: string;
let watches: CanaryWatch[] = [];
const since = new Date(Date.now() - 60_000).toISOString();
const before = new Date(Date.now() - 120_000).toISOString();

/** The site folder's edge record (edge/state.json of the store, as dist/site/edge/state.json). */
const recordFile = () => path.join(dir, 'site', 'edge', 'state.json');

function writeState(canaries: object[]) {
  fs.mkdirSync(path.dirname(recordFile()), { recursive: true });
  fs.writeFileSync(recordFile(), JSON.stringify({ edge: {}, canaries, previews: [] }));
}

/** The aborts by "auto" the engine recorded in the history: "<app>: <why>". */
const aborted = (): string[] =>
  ((JSON.parse(fs.readFileSync(recordFile(), 'utf8')) as { history?: { action: string; by: string; app: string; why?: string }[] }).history ?? [])
    .filter((entry) => entry.action === 'abort' && entry.by === 'auto')
    .map((entry) => `${entry.app}: ${entry.why ?? ''}`);

/** The engine's canary check over the site folder and a local key-value file, as the release engine runs it over dist/. */
const engineCheck = (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) =>
  watchCanaries(new FolderStore(path.join(dir, 'site')), {
    kvs: new FileKeyValueStore(path.join(dir, 'edge-key-value.json')),
    previewSecret: async () => 'test-preview-secret',
    figures,
    thresholds: DEFAULT_CANARY_THRESHOLDS,
    log,
    ...(notify ? { notify } : {}),
  });

/**
 * The local server's notify (serve.ts): the local API's mail to ALARM_EMAIL, over DATA_DIR (the file
 * transport's .eml files), each notice the engine gave also kept in `given`.
 */
const apis: LocalApiInternals[] = [];
async function opsMail(alarmEmail: string) {
  const api = await startLocalApi({ dataDir: path.join(dir, 'data'), publicOrigin: 'http://127.0.0.1:3000', env: { LOG_LEVEL: 'silent', MAIL_TRANSPORT: 'file' }, logToStdout: false });
  apis.push(api);
  const given: { subject: string; message: string }[] = [];
  const notify: OpsNotify = async (subject, message) => {
    given.push({ subject, message });
    await api.notifyOps({ subject, text: message, to: alarmEmail });
  };
  /** The mailbox as a mail client reads it: to, subject, text. */
  const mailbox = async () =>
    (await readMailbox(mailDirectoryOf(path.join(dir, 'data')))).map(({ mail }) => ({
      to: Array.isArray(mail.to) ? mail.to.map((address) => address.text).join(', ') : mail.to?.text,
      subject: mail.subject,
      text: mail.text?.trim(),
    }));
  return { notify, given, mailbox };
}

function writeEvents(events: object[]) {
  fs.mkdirSync(path.join(dir, 'data', 'client-events'), { recursive: true });
  const byDay = new Map<string, string[]>();
  for (const event of events as { at: string }[]) byDay.set(event.at.slice(0, 10), [...(byDay.get(event.at.slice(0, 10)) ?? []), JSON.stringify(event)]);
  for (const [day, lines] of byDay) fs.writeFileSync(path.join(dir, 'data', 'client-events', `${day}.jsonl`), `${lines.join('\n')}\n`);
}

/**
 * `count` events of one build, taken at `at`, from `clients` distinct clients in turn (as the endpoint
 * stores them: each with its client's hash), one batch per client.
 */
const spread = <T extends object>(count: number, clients: number, at: string, event: T) =>
  Array.from({ length: count }, (_, index) => ({ at, ...event, client: `client-${index % clients}` }));
const views = (build: string, count: number, at = new Date().toISOString(), clients = count) => spread(count, clients, at, { type: 'pageview', app: 'marketing', build, route: '/' });
const errors = (build: string, count: number, at = new Date().toISOString(), clients = count) =>
  spread(count, clients, at, { type: 'error', app: 'marketing', build, route: '/', kind: 'render', name: 'Error', message: 'boom', frames: [] });
/** What a forger's posts store: each post a batch of its own, all from one client (its address). */
const forged = (client: string, posts: number, event: object) =>
  Array.from({ length: posts }, (_, post) =>
    Array.from({ length: 20 }, () => ({ at: new Date(Date.now() - 30_000 + post * 100).toISOString(), app: 'marketing', route: '/', ...event, client })),
  ).flat();
const forgedErrors = (client: string, posts: number) => forged(client, posts, { type: 'error', build: 'bbbbbbbbbbbb', kind: 'error', name: 'Error', message: 'forged', frames: [] });
const forgedViews = (client: string, posts: number) => forged(client, posts, { type: 'pageview', build: 'bbbbbbbbbbbb' });

function watch(log: string[] = [], check: (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) => Promise<unknown> = engineCheck, notify?: OpsNotify) {
  const started = startCanaryWatch({
    dataDir: path.join(dir, 'data'),
    intervalSeconds: 3600,
    watchCanaries: check,
    log: (line) => log.push(line),
    ...(notify ? { notify } : {}),
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
  for (const api of apis.splice(0)) await api.close();
  fs.rmSync(dir, { recursive: true, force: true });
});

test('a canary whose build throws in browsers is aborted with the figures, and the log says so', async () => {
  writeEvents([...views('bbbbbbbbbbbb', 6), ...errors('bbbbbbbbbbbb', 6), ...views('aaaaaaaaaaaa', 40)]);
  const log: string[] = [];
  await watch(log).check();
  expect(aborted()).toEqual([
    "marketing: error rate 100.0 % (6 page views with errors in 6; 6 of 6 clients) against live's 0.0 % (0 in 40; 0 of 40 clients): errors on at least 5 clients and 5 page views, the error rate over 2.0 % and over 2 × live's",
  ]);
  expect(JSON.parse(log[0] ?? '{}')).toMatchObject({ level: 'warn', message: 'release.canary_aborted', app: 'marketing', build: 'bbbbbbbbbbbb' });
  expect(JSON.parse(fs.readFileSync(recordFile(), 'utf8')).canaries).toEqual([]);
});

test("an automatic abort mails ops the engine's notice: an .eml to ALARM_EMAIL in DATA_DIR/mail, as SNS mails alarmEmail in AWS", async () => {
  writeEvents([...views('bbbbbbbbbbbb', 6), ...errors('bbbbbbbbbbbb', 6), ...views('aaaaaaaaaaaa', 40)]);
  const { notify, given, mailbox } = await opsMail('ops@example.com');
  await watch([], engineCheck, notify).check();
  expect(aborted()).toHaveLength(1);
  expect(given).toEqual([
    {
      subject: 'Kesho: canary of marketing aborted',
      message:
        "The canary of marketing (build bbbbbbbbbbbb) was aborted automatically: error rate 100.0 % (6 page views with errors in 6; 6 of 6 clients) against live's 0.0 % (0 in 40; 0 of 40 clients): errors on at least 5 clients and 5 page views, the error rate over 2.0 % and over 2 × live's. Every visitor is on the live build again.",
    },
  ]);
  expect(await mailbox()).toEqual([{ to: 'ops@example.com', subject: given[0]?.subject, text: given[0]?.message }]);
  // A canary that behaves: no abort, no mail.
  writeState([{ app: 'marketing', buildId: 'bbbbbbbbbbbb', previous: 'aaaaaaaaaaaa', since, percent: 50, by: 'team' }]);
  writeEvents([...views('bbbbbbbbbbbb', 100), ...views('aaaaaaaaaaaa', 100)]);
  await watch([], engineCheck, notify).check();
  expect(await mailbox()).toHaveLength(1);
});

test('a notice that cannot be sent is logged; the abort stands', async () => {
  writeEvents([...views('bbbbbbbbbbbb', 6), ...errors('bbbbbbbbbbbb', 6), ...views('aaaaaaaaaaaa', 40)]);
  const log: string[] = [];
  await watch(log, engineCheck, async () => {
    throw new Error('mail transport down');
  }).check();
  expect(aborted()).toHaveLength(1);
  expect(log.map((line) => JSON.parse(line) as unknown)).toEqual([
    expect.objectContaining({ message: 'release.canary_aborted' }),
    { level: 'error', message: 'release.ops_notice_failed', subject: 'Kesho: canary of marketing aborted', error: 'Error: mail transport down' },
  ]);
});

test('a canary that behaves is left running', async () => {
  writeEvents([...views('bbbbbbbbbbbb', 100), ...errors('bbbbbbbbbbbb', 1), ...views('aaaaaaaaaaaa', 100)]);
  await watch().check();
  expect(aborted()).toEqual([]);
});

test('errors from before the canary started do not count', async () => {
  writeEvents([...errors('bbbbbbbbbbbb', 9, before), ...views('bbbbbbbbbbbb', 3)]);
  await watch().check();
  expect(aborted()).toEqual([]);
});

test('a check that fails (another release holds the lock) is logged and tried again on the next look', async () => {
  writeEvents(errors('bbbbbbbbbbbb', 5));
  const log: string[] = [];
  const check = jest.fn(async () => {
    throw new Error('Another release is running');
  });
  const started = watch(log, check);
  await started.check();
  await started.check();
  expect(check).toHaveBeenCalledTimes(2);
  expect(JSON.parse(log[0] ?? '{}')).toMatchObject({ level: 'error', message: 'release.canary_abort_failed', error: 'Error: Another release is running' });
});

test('no canary, nothing to do', async () => {
  writeState([]);
  writeEvents(errors('bbbbbbbbbbbb', 50));
  await watch().check();
  expect(aborted()).toEqual([]);
});

describe('issue 40: a verdict no forging client can steer', () => {
  test('2 posts of 20 forged errors (from one client, or each from its own) abort nothing, look after look', async () => {
    for (const events of [forgedErrors('forger', 2), [...forgedErrors('forger-1', 1), ...forgedErrors('forger-2', 1)]]) {
      writeEvents([...events, ...views('aaaaaaaaaaaa', 40)]);
      const started = watch();
      await started.check();
      await started.check();
      expect(aborted()).toEqual([]);
    }
  });

  test('forged errors from four addresses are still not enough; the errors of five visitors are', async () => {
    writeEvents([...['f1', 'f2', 'f3', 'f4'].flatMap((client) => forgedErrors(client, 3)), ...views('aaaaaaaaaaaa', 40)]);
    await watch().check();
    expect(aborted()).toEqual([]);
  });

  test('30 posts of forged page views from one client, or from three, do not keep a canary failing for every visitor running', async () => {
    // Five visitors meet the error on each of their two pages, each reporting both in one beacon (one `at`); the live build is calm.
    const at = new Date().toISOString();
    const real = [...views('bbbbbbbbbbbb', 10, at, 5), ...errors('bbbbbbbbbbbb', 10, at, 5), ...views('aaaaaaaaaaaa', 100, at, 50)];
    for (const forgers of [['forger'], ['forger-1', 'forger-2', 'forger-3']]) {
      writeState([{ app: 'marketing', buildId: 'bbbbbbbbbbbb', previous: 'aaaaaaaaaaaa', since, percent: 50, by: 'team' }]);
      writeEvents([...real, ...forgers.flatMap((client) => forgedViews(client, 30))]);
      const started = watch();
      await started.check();
      // 600 forged page views per forger count as 10: the build's rate is 10 of 20 (50 %) or 10 of 40.
      expect(aborted()).toEqual([
        expect.stringMatching(
          forgers.length === 1
            ? /^marketing: error rate 50\.0 % \(10 page views with errors in 20; 5 of 6 clients\)/
            : /^marketing: error rate 25\.0 % \(10 page views with errors in 40; 5 of 8 clients\)/,
        ),
      ]);
    }
  });

  test('real failures from enough distinct clients still abort, however many clean page views one client claims', async () => {
    // Twenty visitors with one page each, one of those five meeting the error: 5 of 20 page views; a forger's 600 page views weigh 10.
    writeEvents([...views('bbbbbbbbbbbb', 20), ...errors('bbbbbbbbbbbb', 5), ...forgedViews('forger', 30), ...views('aaaaaaaaaaaa', 100, undefined, 50)]);
    await watch().check();
    expect(aborted()).toEqual([expect.stringMatching(/^marketing: error rate 16\.7 % \(5 page views with errors in 30; 5 of 21 clients\)/)]);
  });
});

/*
 * Every publish is watched (issue 39, item 3): for PUBLISH_WATCH_MINUTES after a full publish, the new
 * build against the build it replaced (over as long before the publish), by the same rule; a condemned
 * build is rolled back to the one it replaced, with the figures. The look is the engine's watchPublishes
 * (the AWS scheduled check), run here over a site folder holding real releases (snapshots, records and the
 * live builds a pass noted), as the release engine runs it over dist/site, without its lock.
 */
describe('the watch of a full publish', () => {
  const publishedAt = new Date(Date.now() - 5 * 60_000);
  const beforePublish = new Date(Date.now() - 8 * 60_000).toISOString();
  const site = () => new FolderStore(path.join(dir, 'site'));
  const edgeServices = (now: Date): EdgeServices => ({
    kvs: new FileKeyValueStore(path.join(dir, 'edge-key-value.json')),
    previewSecret: async () => 'test-preview-secret',
    now: () => now,
  });

  /** A team's deploy of a marketing build (its release snapshot, then its current record), and the pass after it at `at`. */
  async function deployMarketing(buildId: string, at: Date) {
    const store = site();
    const entry = {
      name: 'marketing',
      buildId,
      manifest: `/mfe/marketing/${buildId}/mf-manifest.json`,
      routes: [{ path: '/', title: 'Home | Kesho Global Education', description: 'Home', listed: true }],
    };
    const pages = [{ key: pageKeyForRoute('/'), body: `<html><head><title>Home | Kesho Global Education</title></head><body><main><h1>marketing ${buildId}</h1></main></body></html>` }];
    const record = nameRelease({ app: 'marketing', shellBuildId: 's1', pointer: entry }, pages);
    const snapshot = releasePrefix('marketing', record.release);
    for (const page of pages) await store.put(`${snapshot}${page.key}`, page.body, revalidatedMetadata(page.key), {});
    await store.put(`${snapshot}${RELEASE_RECORD_FILE}`, JSON.stringify(record), revalidatedMetadata(RELEASE_RECORD_FILE), {});
    await store.put(pointerKey('marketing'), JSON.stringify(record), revalidatedMetadata(pointerKey('marketing')), {});
    await publishSite(store, edgeServices(at));
    return record;
  }

  /** The engine's publish check over the site folder with the watch's figures, as the release engine runs it over dist/. */
  const engineWatch =
    (windowMinutes = 30) =>
    (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) =>
      watchPublishes(site(), { ...edgeServices(new Date()), figures, thresholds: DEFAULT_CANARY_THRESHOLDS, publishWatchMinutes: windowMinutes, log, ...(notify ? { notify } : {}) });

  function watchPublishing(check: (figures: FiguresSource, log: (line: Record<string, unknown>) => void, notify?: OpsNotify) => Promise<unknown>, log: string[] = [], notify?: OpsNotify) {
    const started = startCanaryWatch({
      dataDir: path.join(dir, 'data'),
      intervalSeconds: 3600,
      watchCanaries: engineCheck,
      watchPublishes: check,
      log: (line) => log.push(line),
      ...(notify ? { notify } : {}),
    });
    watches.push(started);
    return started;
  }

  /** The rollbacks by "auto" the engine recorded in the history: "<app> <from> → <to>: <why>". */
  const rolledBack = (): string[] =>
    ((JSON.parse(fs.readFileSync(recordFile(), 'utf8')) as { history?: { action: string; by: string; app: string; buildId: string; previous: string; why?: string }[] }).history ?? [])
      .filter((entry) => entry.action === 'rollback' && entry.by === 'auto')
      .map((entry) => `${entry.app} ${entry.previous} → ${entry.buildId}: ${entry.why ?? ''}`);
  const liveMarketing = () =>
    (JSON.parse(fs.readFileSync(path.join(dir, 'site', 'mfe', 'remotes.json'), 'utf8')) as { remotes: { name: string; buildId: string }[] }).remotes.find(
      (remote) => remote.name === 'marketing',
    )?.buildId;

  let published: { release: string };
  let first: { release: string };
  beforeEach(async () => {
    fs.rmSync(path.join(dir, 'site'), { recursive: true, force: true });
    first = await deployMarketing('aaaaaaaaaaaa', new Date(Date.now() - 3_600_000));
    published = await deployMarketing('cccccccccccc', publishedAt);
  });

  test('a published build that throws in browsers is rolled back to the one it replaced, with the figures, withdrawn, and the log says so', async () => {
    writeEvents([...views('aaaaaaaaaaaa', 50, beforePublish), ...views('cccccccccccc', 8), ...errors('cccccccccccc', 6)]);
    const log: string[] = [];
    await watchPublishing(engineWatch(), log).check();
    expect(rolledBack()).toEqual([
      "marketing cccccccccccc → aaaaaaaaaaaa: error rate 75.0 % (6 page views with errors in 8; 6 of 8 clients) against live's 0.0 % (0 in 50; 0 of 50 clients): errors on at least 5 clients and 5 page views, the error rate over 2.0 % and over 2 × live's (live's: the replaced build aaaaaaaaaaaa in the 5 min before the publish)",
    ]);
    expect(liveMarketing()).toBe('aaaaaaaaaaaa');
    expect(JSON.parse(fs.readFileSync(path.join(dir, 'site', withdrawnKey('marketing', published.release)), 'utf8'))).toMatchObject({ by: 'auto', rolledBackTo: first.release });
    expect(log.map((line) => JSON.parse(line) as unknown)).toContainEqual(
      expect.objectContaining({ level: 'warn', message: 'release.publish_rolled_back', app: 'marketing', build: 'cccccccccccc', to: 'aaaaaaaaaaaa' }),
    );
  });

  test("an automatic rollback mails ops the engine's notice, as SNS mails alarmEmail in AWS", async () => {
    writeEvents([...views('aaaaaaaaaaaa', 50, beforePublish), ...views('cccccccccccc', 8), ...errors('cccccccccccc', 6)]);
    const { notify, given, mailbox } = await opsMail('ops@example.com');
    await watchPublishing(engineWatch(), [], notify).check();
    expect(rolledBack()).toHaveLength(1);
    expect(given).toEqual([
      {
        subject: 'Kesho: marketing rolled back',
        message: expect.stringMatching(
          new RegExp(
            `^The publish of marketing \\(build cccccccccccc, release ${published.release}\\) was rolled back automatically to build aaaaaaaaaaaa \\(release ${first.release}\\): error rate 75\\.0 % .*\\. Release ${published.release} is withdrawn\\.$`,
          ),
        ),
      },
    ]);
    expect(await mailbox()).toEqual([{ to: 'ops@example.com', subject: given[0]?.subject, text: given[0]?.message }]);
  });

  test('a published build that behaves is kept; so is one whose window has passed, and one rolled back already', async () => {
    writeEvents([...views('aaaaaaaaaaaa', 50, beforePublish), ...views('cccccccccccc', 100), ...errors('cccccccccccc', 1)]);
    await watchPublishing(engineWatch()).check();
    expect(rolledBack()).toEqual([]);

    writeEvents([...views('cccccccccccc', 8), ...errors('cccccccccccc', 6)]);
    await watchPublishing(engineWatch(4)).check();
    expect(rolledBack()).toEqual([]);
    expect(liveMarketing()).toBe('cccccccccccc');

    await watchPublishing(engineWatch()).check();
    expect(rolledBack()).toHaveLength(1);
    // The rollback is no publish to watch: the next look leaves it.
    await watchPublishing(engineWatch()).check();
    expect(rolledBack()).toHaveLength(1);
    expect(liveMarketing()).toBe('aaaaaaaaaaaa');
  });

  test('a build another release replaced since the publish is not rolled back', async () => {
    writeEvents([...views('cccccccccccc', 8), ...errors('cccccccccccc', 6)]);
    // A team's release since: the current record names another release, the pass not run yet.
    const store = site();
    const current = (await store.get(pointerKey('marketing')))?.body ?? '';
    await store.put(pointerKey('marketing'), JSON.stringify({ ...(JSON.parse(current) as object), release: 'a-release-since' }), revalidatedMetadata(pointerKey('marketing')), {});
    await watchPublishing(engineWatch()).check();
    expect(rolledBack()).toEqual([]);
    expect(fs.existsSync(path.join(dir, 'site', withdrawnKey('marketing', published.release)))).toBe(false);
  });

  test('a publish check that fails (another release holds the lock) is logged, and the next look judges again', async () => {
    writeEvents([...views('cccccccccccc', 8), ...errors('cccccccccccc', 6)]);
    const log: string[] = [];
    const check = jest.fn(async () => {
      throw new Error('Another release is running');
    });
    const started = watchPublishing(check, log);
    await started.check();
    await started.check();
    expect(check).toHaveBeenCalledTimes(2);
    expect(JSON.parse(log[0] ?? '{}')).toMatchObject({ level: 'error', message: 'release.publish_rollback_failed', error: 'Error: Another release is running' });
  });
});
