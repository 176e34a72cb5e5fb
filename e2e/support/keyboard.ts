import type { Locator, Page } from '@playwright/test';

/** Moves focus with the Tab key alone until `target` has it, as a keyboard user would. */
export async function tabTo(page: Page, target: Locator, maxPresses = 250): Promise<void> {
  for (let presses = 0; presses < maxPresses; presses += 1) {
    if (await target.evaluate((element) => element === document.activeElement).catch(() => false)) return;
    await page.keyboard.press('Tab');
  }
  throw new Error(`Tab never reached ${target.toString()}`);
}
