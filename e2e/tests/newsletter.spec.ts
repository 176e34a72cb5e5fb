import { expectNoAxeViolations } from '../support/axe';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';
import { mailsTo } from '../support/mailbox';

const CONSENT_TEXT = 'We will email you a link to confirm your subscription. We use your address only to send our articles, and every email has a link to unsubscribe.';

function linkIn(text: string | undefined, action: 'confirm' | 'unsubscribe'): string {
  const match = new RegExp(`(https?://[^\\s]+/api/subscriptions/${action}\\?token=[^\\s]+)`).exec(text ?? '');
  if (!match?.[1]) throw new Error(`no ${action} link in the confirmation mail`);
  return match[1];
}

test.describe('the newsletter: double opt-in through the local mailbox', () => {
  test('with JavaScript: sign up, open the link from the .eml, press its button, confirmed; the unsubscribe link’s button works', async ({ page }) => {
    const email = `reader.js.${Date.now()}@example.com`;
    await dismissCookieBanner(page);
    await page.goto('/blog');
    await waitForApp(page);
    await expect(page.getByText(CONSENT_TEXT)).toBeVisible();
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    await expect(page.getByText(/Please check your email\. We sent you a link to confirm/)).toBeVisible();
    await expect(page.getByRole('textbox', { name: 'Email address' })).toHaveValue('');

    // A second click within the window sends no second confirmation.
    await page.getByRole('textbox', { name: 'Email address' }).fill(email);
    await page.getByRole('button', { name: 'Subscribe' }).click();
    const [mail] = await mailsTo(email, 1);
    expect(mail?.subject).toBe('Please confirm your subscription to Kesho Global Education');
    expect(mail?.headerLines.find((line) => line.key === 'list-unsubscribe')?.line).toContain('/api/subscriptions/unsubscribe?token=');

    // The link opens a page with one button (a mail scanner's GET changes nothing); a person presses it.
    await page.goto(linkIn(mail?.text, 'confirm'));
    await expect(page.getByRole('heading', { level: 1, name: 'Confirm your subscription' })).toBeVisible();
    await expectNoAxeViolations(page);
    await page.getByRole('button', { name: 'Confirm subscription' }).click();
    await expect(page).toHaveURL(/\/blog\?newsletter=confirmed#newsletter-confirmed$/);
    await expect(page.locator('#newsletter-confirmed')).toBeVisible();
    await expect(page.locator('#newsletter-confirmed')).toContainText('Subscription confirmed');
    await waitForApp(page);
    await expectNoAxeViolations(page);

    await page.goto(linkIn(mail?.text, 'unsubscribe'));
    await page.getByRole('button', { name: 'Unsubscribe' }).click();
    await expect(page.locator('#newsletter-unsubscribed')).toBeVisible();
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('the form posts, the page says to check the inbox, and the mailed link’s button confirms', async ({ page }) => {
      const email = `reader.nojs.${Date.now()}@example.com`;
      await page.goto('/blog');
      await page.getByRole('textbox', { name: 'Email address' }).fill(email);
      await page.getByRole('button', { name: 'Subscribe' }).click();
      await expect(page).toHaveURL(/\/blog\?newsletter=pending#newsletter-pending$/);
      await expect(page.locator('#newsletter-pending')).toBeVisible();
      const [mail] = await mailsTo(email);
      await page.goto(linkIn(mail?.text, 'confirm'));
      await page.getByRole('button', { name: 'Confirm subscription' }).click();
      await expect(page.locator('#newsletter-confirmed')).toBeVisible();
    });

    test('a forged link is refused', async ({ page }) => {
      await page.goto('/api/subscriptions/confirm?token=eyJzIjoiMSJ9.AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA');
      await expect(page).toHaveURL(/newsletter=link-invalid#newsletter-link-invalid$/);
      await expect(page.locator('#newsletter-link-invalid')).toBeVisible();
    });
  });
});
