import { expectNoAxeViolations } from '../support/axe';
import { dismissCookieBanner, expect, test, waitForApp } from '../support/fixtures';
import { mailsTo, readMailbox, recipients } from '../support/mailbox';
import type { Page } from '@playwright/test';

// The built site's facts (@kesho/site-rules/site), as a visitor reads them.
const SUPPORT_EMAIL = 'support@keshoglobal.co.ke';
const BUSINESS_HOURS = 'Monday to Saturday, 9:00 AM to 6:00 PM East Africa Time (EAT)';

async function fillEnquiry(page: Page, email: string, message: string) {
  await page.getByLabel('Full name').fill('Achieng Otieno');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Phone number').fill('+254 722 000 111');
  await page.getByLabel('Country you would like to study in').selectOption('australia');
  await page.getByLabel('Your message').fill(message);
}

async function supportCopyOf(email: string) {
  await expect.poll(async () => (await readMailbox()).filter((mail) => recipients(mail).includes(SUPPORT_EMAIL) && mail.replyTo?.text === email).length).toBe(1);
  return (await readMailbox()).find((mail) => recipients(mail).includes(SUPPORT_EMAIL) && mail.replyTo?.text === email);
}

test.describe('the contact form sends the enquiry', () => {
  test('with JavaScript: the toast, cleared fields, the support copy and the acknowledgement', async ({ page }) => {
    const email = `achieng.js.${Date.now()}@example.com`;
    await dismissCookieBanner(page);
    await page.goto('/contact');
    await waitForApp(page);
    await fillEnquiry(page, email, 'Engineering in Melbourne, starting next February.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    const toasts = page.getByRole('region', { name: 'Notifications' });
    await expect(toasts).toContainText('Message Sent!');
    await expect(toasts).toContainText("Thank you for contacting us. We'll get back to you within 24 hours.");
    await expect(page.getByLabel('Your message')).toHaveValue('');
    await expect(page).toHaveURL(/\/contact$/);

    const [ack] = await mailsTo(email);
    expect(ack?.subject).toBe('We received your message: Kesho Global Education');
    expect(ack?.text).toContain('reply within 24 hours');
    expect(ack?.text).toContain(BUSINESS_HOURS);
    const support = await supportCopyOf(email);
    expect(support?.subject).toBe('New enquiry from Achieng Otieno (Australia)');
    expect(support?.text).toContain('Engineering in Melbourne, starting next February.');
  });

  test('with JavaScript: a refused message keeps everything typed and says why', async ({ page }) => {
    await dismissCookieBanner(page);
    await page.route('**/api/enquiries', (route) =>
      route.fulfill({
        status: 503,
        contentType: 'application/json',
        body: JSON.stringify({ error: 'We could not send your message just now. Please try again in a few minutes, or email us at support@keshoglobal.co.ke.' }),
      }),
    );
    await page.goto('/contact');
    await waitForApp(page);
    await fillEnquiry(page, 'kept@example.com', 'Please keep this text.');
    await page.getByRole('button', { name: 'Send Message' }).click();
    await expect(page.getByRole('alert')).toContainText('We could not send your message just now.');
    await expect(page.getByRole('alert')).toContainText('Your message is still in the form.');
    await expect(page.getByLabel('Your message')).toHaveValue('Please keep this text.');
    await expect(page.getByLabel('Email address')).toHaveValue('kept@example.com');
  });

  test('the no-JavaScript outcomes pass axe when shown (the page the redirect lands on)', async ({ page }) => {
    await dismissCookieBanner(page);
    for (const id of ['contact-sent', 'contact-rate-limited']) {
      await page.goto(`/contact?contact=${id.slice('contact-'.length)}#${id}`);
      await waitForApp(page);
      await expect(page.locator(`#${id}`)).toBeVisible();
      await expectNoAxeViolations(page);
    }
  });

  test.describe('without JavaScript', () => {
    test.use({ javaScriptEnabled: false });

    test('posts the form, lands on the thank-you state and both mails are written', async ({ page }) => {
      const email = `achieng.nojs.${Date.now()}@example.com`;
      await page.goto('/contact');
      await expect(page.locator('#contact-sent')).toBeHidden();
      await fillEnquiry(page, email, 'Medicine in Sydney; I have no JavaScript today.');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(/\/contact\?contact=sent#contact-sent$/);
      await expect(page.locator('#contact-sent')).toBeVisible();
      await expect(page.locator('#contact-sent')).toContainText('Message Sent!');
      await expect(page.locator('#contact-invalid')).toBeHidden();
      await mailsTo(email);
      await supportCopyOf(email);
    });

    test('an enquiry the server refuses comes back to the form with the reason, and Back keeps the text', async ({ page }) => {
      await page.goto('/contact');
      await fillEnquiry(page, 'someone@example.com', 'A message with a bad phone.');
      await page.getByLabel('Phone number').fill('call me');
      await page.getByRole('button', { name: 'Send Message' }).click();
      await expect(page).toHaveURL(/\/contact\?contact=invalid#contact-invalid$/);
      await expect(page.locator('#contact-invalid')).toBeVisible();
      await expect(page.locator('#contact-invalid')).toContainText('Some details were missing or not valid.');
      await page.goBack();
      await expect(page.getByLabel('Your message')).toHaveValue('A message with a bad phone.');
    });
  });
});
