import type { Page } from '@playwright/test';
import { dismissCookieBanner, expect, hideTab, waitForApp } from '../support/fixtures';
import { release, releaseAboutThatThrows, storedClientEvents, test } from '../support/scratch-site';

/**
 * What visitors' browsers see reaches the teams: a visit's Web Vitals and a release that breaks in
 * the browser only are stored (locally, under the server's data folder) and counted against the
 * right build by `npm run release -- status`. Each test has its own copy of the site and data folder.
 */

/**
 * An interaction the Event Timing API records (it ignores ones under 40 ms, so a fast machine would
 * report no INP at all): a click whose handlers keep the main thread for 150 ms.
 */
async function slowClick(page: Page, name: RegExp) {
  await page.evaluate(() =>
    document.addEventListener(
      'click',
      () => {
        const end = performance.now() + 150;
        while (performance.now() < end);
      },
      { once: true, capture: true },
    ),
  );
  await page.getByRole('button', { name }).first().click();
}

/**
 * Resolves once the browser has timed an interaction and web-vitals has taken it in: web-vitals reads
 * the entries it is handed when the page is next idle, and a tab hidden before that reports no INP
 * (its hidden handler runs first). Idle callbacks run in the order asked, so this one runs after its.
 */
const interactionTakenIn = (page: Page) =>
  page.evaluate(
    () =>
      new Promise<void>((resolve) =>
        new PerformanceObserver((list, observer) => {
          if (!list.getEntries().some((entry) => (entry as PerformanceEventTiming).interactionId)) return;
          observer.disconnect();
          requestIdleCallback(() => resolve());
        }).observe({ type: 'event', buffered: true, durationThreshold: 16 } as PerformanceObserverInit),
      ),
  );

test.describe('client events', () => {
  test('a visit records its page view and its LCP, CLS and INP against the build that served it', async ({ page, scratch }) => {
    await dismissCookieBanner(page);
    await page.goto('/faq');
    await waitForApp(page);
    // The shell loads web-vitals on its own after the app starts; on a busy machine that can be later.
    await page.waitForFunction(() => performance.getEntriesByType('resource').some((entry) => /\/web-vitals\.js$/.test(entry.name)));
    await slowClick(page, /Services/);
    await page.keyboard.press('Escape');
    await interactionTakenIn(page);
    await hideTab(page);

    await expect
      .poll(
        () =>
          storedClientEvents(scratch)
            .filter((event) => event.route === '/faq' && event.type === 'vital')
            .map((event) => event.name),
        { timeout: 15_000 },
      )
      .toEqual(expect.arrayContaining(['LCP', 'CLS', 'INP']));
    const events = storedClientEvents(scratch).filter((event) => event.route === '/faq');
    expect(events).toContainEqual(expect.objectContaining({ type: 'pageview', app: 'marketing', route: '/faq' }));
    const pointer = (await (await page.context().request.get(`${scratch.site.baseUrl}/mfe/remotes.json`)).json()) as { remotes: { name: string; buildId: string }[] };
    const marketing = pointer.remotes.find((remote) => remote.name === 'marketing')?.buildId;
    for (const event of events) expect(event).toMatchObject({ app: 'marketing', build: marketing });
  });

  test("a release that throws in the browser only is counted against that remote's new build, with its source line, and nothing personal is stored", async ({ page, scratch }) => {
    test.slow();
    await releaseAboutThatThrows(scratch);
    const broken = (await release(scratch, 'list', 'marketing')).match(/\* ([0-9a-f]{12}) .*\(live\)/)?.[1];
    expect(broken).toMatch(/^[0-9a-f]{12}$/);

    await dismissCookieBanner(page);
    // An address in the query and a fragment: neither may reach the stored events.
    await page.goto('/?ref=amina.wanjiru@example.com#top');
    await waitForApp(page);
    await page.getByRole('navigation', { name: 'Main' }).getByRole('link', { name: 'About Us' }).click();
    await expect(page.getByRole('heading', { name: 'Unexpected Application Error!' })).toBeVisible();
    await hideTab(page);

    await expect.poll(() => storedClientEvents(scratch).filter((event) => event.type === 'error' && event.build === broken).length, { timeout: 15_000 }).toBeGreaterThan(0);
    const status = await release(scratch, 'status', 'marketing');
    expect(status).toContain(`marketing: live build ${broken}`);
    expect(status).toMatch(new RegExp(`${broken} \\(live\\): \\d+ page views, [1-9]\\d* errors`));
    expect(status).toMatch(/\d+ × Error: The About page broke in the browser/);
    expect(status).toMatch(/mfe-marketing\/src\/pages\/AboutPage\.tsx:\d+:\d+/);

    const stored = JSON.stringify(storedClientEvents(scratch));
    expect(stored).not.toMatch(/@|\+254|\?|#/);
  });
});
