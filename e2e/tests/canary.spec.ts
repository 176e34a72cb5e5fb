import fs from 'node:fs';
import path from 'node:path';
import type { Browser, Page } from '@playwright/test';
import { inCanary } from '@kesho/release-model/build-choice';
import { EDGE_RECORD_KEY } from '@kesho/release-model/site-keys';
import { dismissCookieBanner, expect, hideTab, waitForApp } from '../support/fixtures';
import { readMailbox } from '../support/mailbox';
import { release, releaseAboutThatThrows, releaseVariant, storedClientEvents, test, type ScratchSite } from '../support/scratch-site';

/*
 * A canary puts a share of visitors on a new build of a remote and keeps the others on the live one:
 * each browser always gets the same build (its pages, its pointer document, its client navigation),
 * a first visit and a crawler get the live build, `promote` puts the canary live for everyone, and a
 * canary whose build throws in browsers is aborted by the local server's watch without anyone typing
 * a command (and ops told by mail). Each test has its own copy of the built site.
 */

const ABOUT = 'mfe-marketing/src/content/about.ts';
const liveLead = 'is a Nairobi study-abroad consultancy built on';
const canaryLead = 'is a Nairobi study-abroad consultancy, tried on a few, built on';
const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/** Buckets (0–9999) inside and outside marketing's share, by the rule the server decides with. */
function bucketsOf(percent: number) {
  const inside = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((step) => step * 997).filter((bucket) => inCanary(bucket, 'marketing', percent));
  const outside = [0, 1, 2, 3, 4, 5, 6, 7, 8, 9].map((step) => step * 997).filter((bucket) => !inCanary(bucket, 'marketing', percent));
  return { inside: inside.slice(0, 3), outside: outside.slice(0, 3) };
}

/** A returning browser: its bucket cookie already set (from an earlier visit). */
async function returningVisitor(browser: Browser, baseURL: string, bucket: number): Promise<Page> {
  const context = await browser.newContext({ baseURL });
  await context.addCookies([{ name: 'kesho-bucket', value: String(bucket), url: baseURL }]);
  const page = await context.newPage();
  await dismissCookieBanner(page);
  return page;
}

/**
 * The subjects of the mail the test's server sent (its mailbox: the local API's file transport, DATA_DIR/mail/*.eml), where
 * its watch tells ops of an automatic abort or rollback (ALARM_EMAIL, else SUPPORT_EMAIL), as SNS does in AWS.
 */
const mailSubjects = async (scratch: ScratchSite): Promise<string[]> => (await readMailbox(scratch.site.dataDir)).map((mail) => mail.subject ?? '');

/** The build of marketing this browser's pointer document names (what its client navigation loads). */
const pointedBuild = (page: Page) =>
  page.evaluate(async () => {
    const document = (await (await fetch('/mfe/remotes.json', { cache: 'no-cache' })).json()) as { remotes: { name: string; buildId: string }[] };
    return document.remotes.find((remote) => remote.name === 'marketing')?.buildId;
  });

/**
 * Loads /about, navigates away and back in the page, and (unless `reload` is false) loads it again:
 * the lead it shows each time, and the build its pointer names. (A reload comes from no other page,
 * like a typed address: for a browser on its first visit it starts its next one.)
 */
async function visitAbout(page: Page, { reload = true } = {}) {
  const seen: string[] = [];
  const lead = async () => ((await page.getByRole('main').textContent()) ?? '').match(/is a Nairobi study-abroad consultancy[^.]*built on/)?.[0] ?? '(none)';
  await page.goto('/about');
  seen.push(await lead());
  await waitForApp(page);
  await navigation(page).getByRole('link', { name: 'Home' }).click();
  await expect(page).toHaveURL(/\/$/);
  await navigation(page).getByRole('link', { name: 'About Us' }).click();
  await expect(page).toHaveURL(/\/about$/);
  // The address changes before the page's chunk has rendered: wait for a lead, then say which one.
  await expect.poll(lead).not.toBe('(none)');
  seen.push(await lead());
  const pointer = await pointedBuild(page);
  if (reload) {
    await page.reload();
    seen.push(await lead());
  }
  return { seen, pointer };
}

/** The canary build and the live build from the release's own words ("canary marketing <live> → <canary>"). */
function buildsOf(output: string) {
  const [, live, candidate] = /canary marketing ([0-9a-f]{12}) → ([0-9a-f]{12})/.exec(output) ?? [];
  expect(candidate).toMatch(/^[0-9a-f]{12}$/);
  return { live: live as string, candidate: candidate as string };
}

const runningCanaries = (scratch: ScratchSite) => (JSON.parse(fs.readFileSync(path.join(scratch.distDir, 'site', EDGE_RECORD_KEY), 'utf8')) as { canaries: unknown[] }).canaries;

test.describe('a canary', () => {
  test('at 50 % serves both builds to different visitors, each visitor consistently; promote puts it live for everyone', async ({ browser, scratch, baseURL, page }) => {
    test.slow();
    const { live, candidate } = buildsOf(await releaseVariant(scratch, 'marketing', ABOUT, liveLead, canaryLead, '--canary', '50'));
    const origin = baseURL as string;
    const { inside, outside } = bucketsOf(50);
    expect(inside.length).toBe(3);
    expect(outside.length).toBe(3);

    for (const [buckets, lead, build] of [
      [inside, canaryLead, candidate],
      [outside, liveLead, live],
    ] as const) {
      for (const bucket of buckets) {
        const visitor = await returningVisitor(browser, origin, bucket);
        const { seen, pointer } = await visitAbout(visitor);
        expect(seen, `bucket ${bucket}`).toEqual([0, 1, 2].map(() => lead));
        expect(pointer, `bucket ${bucket}`).toBe(build);
        await visitor.context().close();
      }
    }

    // A first visit: the live build throughout, whatever bucket it is given; its next visit follows its bucket.
    await dismissCookieBanner(page);
    const first = await visitAbout(page, { reload: false });
    expect(first.seen).toEqual([0, 1].map(() => liveLead));
    expect(first.pointer).toBe(live);
    const cookie = (await page.context().cookies()).find((entry) => entry.name === 'kesho-bucket');
    expect(cookie).toMatchObject({ value: expect.stringMatching(/^\d{1,4}\.first$/), httpOnly: true, sameSite: 'Lax' });
    const bucket = Number(cookie?.value.split('.')[0]);
    const next = await visitAbout(page);
    expect(next.seen).toEqual([0, 1, 2].map(() => (inCanary(bucket, 'marketing', 50) ? canaryLead : liveLead)));
    expect((await page.context().cookies()).find((entry) => entry.name === 'kesho-bucket')?.value).toBe(String(bucket));

    // A crawler gets the live build, even with a bucket inside the share, and no cookie.
    const crawled = await fetch(`${origin}/about`, {
      headers: { 'user-agent': 'Mozilla/5.0 (compatible; Googlebot/2.1; +http://www.google.com/bot.html)', cookie: `kesho-bucket=${inside[0]}` },
    });
    expect(await crawled.text()).toContain(liveLead);
    expect(crawled.headers.get('set-cookie')).toBeNull();

    await release(scratch, 'promote', 'marketing', '--why', 'the figures are fine');
    for (const bucket of [...outside, ...inside]) {
      const visitor = await returningVisitor(browser, origin, bucket);
      const { seen, pointer } = await visitAbout(visitor);
      expect(seen).toEqual([0, 1, 2].map(() => canaryLead));
      expect(pointer).toBe(candidate);
      await visitor.context().close();
    }
    const history = await release(scratch, 'list', 'marketing');
    expect(history).toMatch(new RegExp(`promote +marketing +${candidate} +\\(was ${live}\\) +by \\S+.*why: the figures are fine`));
    expect(history).toMatch(new RegExp(`canary +marketing +${candidate} for 50 % of visitors +\\(was ${live}\\)`));
    expect(runningCanaries(scratch)).toEqual([]);
  });

  test('of a build that throws in the browser is aborted within a minute of enough errors, without anyone typing a command', async ({ browser, scratch, baseURL }) => {
    test.setTimeout(240_000);
    const { live, candidate } = buildsOf(await releaseAboutThatThrows(scratch, '--canary', '50'));
    const origin = baseURL as string;
    const { inside, outside } = bucketsOf(50);

    // Five visits by a browser in the share: each meets the error, its page hidden sends the report.
    const visitor = await returningVisitor(browser, origin, inside[0] as number);
    for (let visit = 0; visit < 5; visit += 1) {
      await visitor.goto('/');
      await waitForApp(visitor);
      await navigation(visitor).getByRole('link', { name: 'About Us' }).click();
      await expect(visitor.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await hideTab(visitor);
    }
    await expect.poll(() => storedClientEvents(scratch).filter((event) => event.type === 'error' && event.build === candidate).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const enoughErrors = Date.now();

    // Nobody types a command: the server's watch aborts the canary.
    await expect.poll(() => runningCanaries(scratch).length, { timeout: 60_000, intervals: [1_000] }).toBe(0);
    expect(Date.now() - enoughErrors).toBeLessThan(60_000);
    // Ops are told by mail, the engine's notice.
    await expect.poll(() => mailSubjects(scratch), { timeout: 10_000 }).toContain('Kesho: canary of marketing aborted');

    // Every visitor is back on the live build: the one in the share, and one outside it.
    for (const bucket of [inside[0] as number, outside[0] as number]) {
      const page = bucket === inside[0] ? visitor : await returningVisitor(browser, origin, bucket);
      await page.goto('/');
      await waitForApp(page);
      expect(await pointedBuild(page)).toBe(live);
      await navigation(page).getByRole('link', { name: 'About Us' }).click();
      await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();
      await page.context().close();
    }
    const history = await release(scratch, 'list', 'marketing');
    expect(history).toMatch(
      new RegExp(`abort +marketing +${candidate} +\\(was ${live}\\) +by auto, .*why: error rate \\d+\\.\\d % \\(\\d+ page views with errors in \\d+; 1 of 1 clients\\)`),
    );
  });
});

test.describe('a full publish', () => {
  const liveMarketing = (scratch: ScratchSite) =>
    (JSON.parse(fs.readFileSync(path.join(scratch.distDir, 'site', 'mfe', 'remotes.json'), 'utf8')) as { remotes: { name: string; buildId: string }[] }).remotes.find(
      (remote) => remote.name === 'marketing',
    )?.buildId;

  test('of a build that throws in the browser is rolled back to the build it replaced within a minute of enough errors, by auto with its figures, and marked', async ({ page, scratch }) => {
    test.setTimeout(240_000);
    const [, live, broken] = /publish marketing ([0-9a-f]{12}) → ([0-9a-f]{12})/.exec(await releaseAboutThatThrows(scratch)) ?? [];
    expect(broken).toMatch(/^[0-9a-f]{12}$/);
    expect(liveMarketing(scratch)).toBe(broken);

    // Five visits meet the error; each hidden page sends its report.
    await dismissCookieBanner(page);
    for (let visit = 0; visit < 5; visit += 1) {
      await page.goto('/');
      await waitForApp(page);
      await navigation(page).getByRole('link', { name: 'About Us' }).click();
      await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
      await hideTab(page);
    }
    await expect.poll(() => storedClientEvents(scratch).filter((event) => event.type === 'error' && event.build === broken).length, { timeout: 15_000 }).toBeGreaterThanOrEqual(5);
    const enoughErrors = Date.now();

    // Nobody types a command: the server's watch of the publish rolls it back.
    await expect.poll(() => liveMarketing(scratch), { timeout: 60_000, intervals: [1_000] }).toBe(live);
    expect(Date.now() - enoughErrors).toBeLessThan(60_000);
    await expect.poll(() => mailSubjects(scratch), { timeout: 10_000 }).toContain('Kesho: marketing rolled back');
    await page.goto('/about');
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    const history = await release(scratch, 'list', 'marketing');
    expect(history).toMatch(
      new RegExp(
        `rollback +marketing +${live} +\\(was ${broken}\\) +by auto, .*why: error rate \\d+\\.\\d % \\(\\d+ page views with errors in \\d+; 1 of 1 clients\\).*replaced build ${live}`,
      ),
    );
    expect(history).toMatch(new RegExp(`${broken} +built .*ROLLED BACK AUTOMATICALLY on \\S+ by auto`));
  });
});
