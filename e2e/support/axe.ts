import AxeBuilder from '@axe-core/playwright';
import { expect, type Page } from '@playwright/test';

export const AXE_TAGS = ['wcag2a', 'wcag2aa', 'wcag21a', 'wcag21aa', 'wcag22aa', 'best-practice'];

/**
 * axe-core (WCAG 2.2 AA + best practice) on the page as it is now: 0 violations. The blocks the
 * browser skips while they are off screen (`content-visibility: auto`, shell-kit's
 * `renderedWhenNear`) are laid out first: skipped, their text has no box, and axe would leave
 * its contrast unchecked.
 */
export async function expectNoAxeViolations(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const element of document.querySelectorAll<HTMLElement>('body *')) {
      if (getComputedStyle(element).contentVisibility === 'auto') element.style.contentVisibility = 'visible';
    }
  });
  const results = await new AxeBuilder({ page }).withTags(AXE_TAGS).analyze();
  const summary = results.violations.map((v) => `${v.id} (${v.impact}): ${v.help}\n  ${v.nodes.map((n) => n.target.join(' ')).join('\n  ')}`);
  expect(summary, 'axe violations').toEqual([]);
}
