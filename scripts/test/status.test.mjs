/**
 * `npm run release -- status`: the stored client events read back (a line cut short skipped, events
 * older than the hour left out) and summed per app and build, the live build first, with a top frame
 * mapped back to the original source through the build's private source map.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { test } from 'node:test';
import sourceMap from 'source-map';
import { scrubFrame } from '@kesho/operations/client-events';

const root = await fs.mkdtemp(path.join(os.tmpdir(), 'kesho-status-'));
process.env.KESHO_DIST_DIR = path.join(root, 'dist');
const { readClientEvents, statusLines } = await import('../lib/status.mjs');
test.after(() => fs.rm(root, { recursive: true, force: true }));

const LIVE = 'aaaaaaaaaaa1';
const OLD = 'bbbbbbbbbbb2';
const now = new Date('2026-11-25T10:00:00.000Z');
const at = (minutesAgo) => new Date(now.getTime() - minutesAgo * 60_000).toISOString();

test('events of the last hour are read back; a line cut short and older events are left out', async () => {
  const dataDir = path.join(root, 'data');
  await fs.mkdir(path.join(dataDir, 'client-events'), { recursive: true });
  const lines = [
    { at: at(90), type: 'pageview', app: 'marketing', build: OLD, route: '/' },
    { at: at(30), type: 'pageview', app: 'marketing', build: LIVE, route: '/about' },
  ].map((event) => JSON.stringify(event));
  await fs.writeFile(path.join(dataDir, 'client-events', '2026-11-25.jsonl'), `${lines.join('\n')}\n{"at":"2026-11-25T09:59`);
  const events = await readClientEvents(dataDir, new Date(now.getTime() - 60 * 60_000));
  assert.deepEqual(
    events.map((event) => event.build),
    [LIVE],
  );
});

test('status sums page views, errors and vitals per build, live first, and names the original source line', async () => {
  const generator = new sourceMap.SourceMapGenerator({ file: '150.js' });
  generator.addMapping({ generated: { line: 2, column: 99 }, original: { line: 7, column: 4 }, source: `webpack://kesho_marketing_${LIVE}/./src/pages/AboutPage.tsx`, name: 'AboutPage' });
  const mapDir = path.join(root, 'dist', 'sourcemaps', 'mfe', 'marketing', LIVE);
  await fs.mkdir(mapDir, { recursive: true });
  await fs.writeFile(path.join(mapDir, '150.js.map'), generator.toString());

  const error = {
    type: 'error',
    kind: 'render',
    app: 'marketing',
    build: LIVE,
    route: '/about',
    name: 'Error',
    message: 'The About page broke',
    frames: [`at Y (/mfe/marketing/${LIVE}/150.js:2:100)`],
  };
  const events = [
    { at: at(20), type: 'pageview', app: 'marketing', build: OLD, route: '/' },
    ...['/about', '/about', '/', '/faq'].map((route) => ({ at: at(10), type: 'pageview', app: 'marketing', build: LIVE, route })),
    error,
    error,
    { at: at(5), type: 'vital', app: 'marketing', build: LIVE, route: '/about', name: 'LCP', value: 1800 },
  ];
  const [, ...lines] = await statusLines({ apps: ['marketing', 'legal'], live: { marketing: LIVE, legal: 'ccccccccccc3' }, events, now });
  const [appLine = '', liveLine = '', errorLine = '', frameLine = '', oldLine = '', ...rest] = lines;
  assert.equal(appLine, `marketing: live build ${LIVE}`);
  assert.match(liveLine, new RegExp(`^  ${LIVE} \\(live\\): 4 page views, 2 errors, error rate 50\\.0 %, LCP p75 1800 ms, INP p75 n/a, CLS p75 n/a$`));
  assert.equal(errorLine, '    2 × Error: The About page broke');
  assert.equal(frameLine.trim(), `mfe-marketing/src/pages/AboutPage.tsx:7:5 (AboutPage)  ← at Y (/mfe/marketing/${LIVE}/150.js:2:100)`);
  assert.match(oldLine, new RegExp(`^  ${OLD} \\(not live\\): 1 page views, 0 errors, error rate 0\\.0 %`));
  assert.deepEqual(rest, ['legal: live build ccccccccccc3', '  ccccccccccc3 (live): no events yet']);
});

test('every frame of an error, scrubbed as the browser’s report is, is mapped to its source line; a preview’s build is labelled as one', async () => {
  // Build ids with long digit runs, as the trial's (/shell/f1234567a129/…) were scrubbed into "[number]".
  const PREVIEW = 'f1234567a129';
  const generator = new sourceMap.SourceMapGenerator({ file: '470.js' });
  for (let line = 1; line <= 5; line += 1) {
    generator.addMapping({
      generated: { line, column: 9 },
      original: { line: line * 10, column: 2 },
      source: `webpack://kesho_marketing_${PREVIEW}/./src/pages/Page${line}.tsx`,
      name: `Page${line}`,
    });
  }
  const mapDir = path.join(root, 'dist', 'sourcemaps', 'mfe', 'marketing', PREVIEW);
  await fs.mkdir(mapDir, { recursive: true });
  await fs.writeFile(path.join(mapDir, '470.js.map'), generator.toString());
  const frames = [1, 2, 3, 4, 5].map((line) => scrubFrame(`at Page${line} (http://127.0.0.1:3932/mfe/marketing/${PREVIEW}/470.js:${line}:10)`));
  assert.equal(frames[0], `at Page1 (/mfe/marketing/${PREVIEW}/470.js:1:10)`);
  const events = [
    { at: at(3), type: 'pageview', app: 'marketing', build: PREVIEW, route: '/about' },
    { at: at(3), type: 'error', kind: 'effect', app: 'marketing', build: PREVIEW, route: '/about', name: 'TypeError', message: 'boom', frames },
  ];
  const previews = [{ app: 'marketing', buildId: PREVIEW, expiresAt: '2026-11-26T10:00:00.000Z', since: at(4), by: 'team-marketing' }];
  const lines = await statusLines({ apps: ['marketing'], live: { marketing: LIVE }, events, now, previews });
  assert.ok(lines.includes(`  ${PREVIEW} (preview, until 2026-11-26T10:00:00.000Z): 1 page views, 1 errors, error rate 100.0 %, LCP p75 n/a, INP p75 n/a, CLS p75 n/a`), lines.join('\n'));
  const mapped = lines.filter((line) => line.startsWith('        '));
  assert.deepEqual(
    mapped.map((line) => line.trim().split('  ←')[0]),
    [1, 2, 3, 4, 5].map((line) => `mfe-marketing/src/pages/Page${line}.tsx:${line * 10}:3 (Page${line})`),
  );
  assert.ok(!lines.some((line) => line.includes('(not live)')));
});
