import type { Page } from '@playwright/test';
import { collectErrors, dismissCookieBanner, expect, waitForApp } from '../support/fixtures';
import { release, releaseVariant, test, type ScratchSite } from '../support/scratch-site';

/*
 * A tab left open across a release moves to the new build on its next navigation, and back after a
 * rollback, without a reload. Each test releases into its own copy of the built site (dist/), served
 * by its own local server, so the other specs keep the build they expect.
 */

const rollBack = (scratch: ScratchSite, remote: string) => release(scratch, 'rollback', remote, '--why', 'open-tab test');

/**
 * The tab's clock 60 s on (POINTER_MAX_AGE_MS: a rollback or abort reaches an open tab within a minute),
 * then a navigation (by default to the home page). While the tab is shown the shell reads the pointer
 * document in the background every 50 s, so the read usually lands before the navigation, which then
 * waits for nothing; else the navigation reads it itself, waiting 1.5 s at most (waited for here, as
 * a busy machine can take longer).
 */
async function letPointerAge(page: Page, [link, url]: [string, RegExp] = ['Home', /\/$/]) {
  const read = page.waitForResponse((response) => new URL(response.url()).pathname === '/mfe/remotes.json');
  await page.clock.fastForward('01:00');
  await visit(page, link, url);
  await read;
}

const navigation = (page: Page) => page.getByRole('navigation', { name: 'Main' });

/**
 * Follows a header link and waits until its page is shown: its title in place of the page's before
 * (the URL changes first, and the page area may not be busy yet). Waiting for the page matters: a
 * click on the next link while this one is still loading, back to the page still shown, keeps that
 * page as it is (the app drops the pending navigation), which is not what these tests are about.
 */
async function visit(page: Page, link: string, url: RegExp) {
  const titleBefore = await page.title();
  await navigation(page).getByRole('link', { name: link }).click();
  await expect(page).toHaveURL(url);
  await expect(page).not.toHaveTitle(titleBefore);
  await expect(page.getByRole('main')).not.toHaveAttribute('aria-busy', 'true');
}

test.describe('a tab open across a release', () => {
  test('marketing: the next navigation shows the new build, and the old one after a rollback', async ({ page, scratch }) => {
    test.slow();
    const errors = collectErrors(page);
    await page.clock.install();
    await dismissCookieBanner(page);
    // The tab has loaded the About page's code of the live build before the release.
    await page.goto('/about');
    await waitForApp(page);
    const oldLead = /is a Nairobi study-abroad consultancy built on honest advice/;
    const newLead = /is a Nairobi study-abroad consultancy, newly released, built on honest advice/;
    await expect(page.getByRole('main')).toContainText(oldLead);
    await visit(page, 'Home', /\/$/);

    await releaseVariant(
      scratch,
      'marketing',
      'mfe-marketing/src/content/about.ts',
      'is a Nairobi study-abroad consultancy built on',
      'is a Nairobi study-abroad consultancy, newly released, built on',
    );
    await letPointerAge(page, ['FAQ', /\/faq$/]);
    await visit(page, 'About Us', /\/about$/);
    await expect(page.getByRole('main')).toContainText(newLead);
    await expect(page.getByRole('heading', { level: 1, name: 'About Us' })).toBeVisible();

    await rollBack(scratch, 'marketing');
    await letPointerAge(page);
    await visit(page, 'About Us', /\/about$/);
    await expect(page.getByRole('main')).toContainText(oldLead);
    await expect(page.getByRole('main')).not.toContainText(newLead);
    expect(errors).toEqual([]);
  });

  test('commerce: the quote builder moves to the new build and back, and the cart is kept', async ({ page, scratch }) => {
    test.slow();
    const errors = collectErrors(page);
    await page.clock.install();
    await dismissCookieBanner(page);
    await page.goto('/custom-quote');
    await waitForApp(page);
    const essay = page.getByRole('checkbox', { name: 'Essay Editing' });
    await essay.check();
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');
    const oldIntro = 'Pick the services you need, set how many of each';
    const newIntro = 'Pick the services you need (new build), set how many of each';

    await releaseVariant(scratch, 'commerce', 'mfe-commerce/src/pages/CustomQuotePage.tsx', 'Pick the services you need,', 'Pick the services you need (new build),');
    await letPointerAge(page);
    await visit(page, 'Custom Quote', /\/custom-quote$/);
    await expect(page.getByRole('main')).toContainText(newIntro);
    await expect(page.getByRole('checkbox', { name: 'Essay Editing' })).toBeChecked();
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');

    await rollBack(scratch, 'commerce');
    await letPointerAge(page);
    await visit(page, 'Custom Quote', /\/custom-quote$/);
    await expect(page.getByRole('main')).toContainText(oldIntro);
    await expect(page.getByRole('main')).not.toContainText(newIntro);
    await expect(page.getByRole('region', { name: 'Your Package' })).toContainText('$250.00');
    expect(errors).toEqual([]);
  });
});
