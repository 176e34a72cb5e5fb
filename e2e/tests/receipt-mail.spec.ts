import { checkOutOneService, dismissCookieBanner, expect, test } from '../support/fixtures';
import { readRawMailbox, type StoredMail } from '../support/mailbox';

/**
 * A sandbox purchase through the real pages ends with exactly one receipt in the local mailbox
 * (the e2e server's DATA_DIR/mail), plus the support copy, however often the success page is
 * reloaded (each load settles the order again through the same confirm routine).
 */
async function mailsAbout(invoiceNumber: string): Promise<(StoredMail & { readonly headers: string })[]> {
  const mails = (await readRawMailbox()).map((mail) => ({
    ...mail,
    // Unfold header lines (RFC 5322 §2.2.3) so a long Subject reads as one line.
    headers: mail.raw.slice(0, mail.raw.indexOf('\r\n\r\n')).replace(/\r\n[ \t]+/g, ' '),
  }));
  return mails.filter((mail) => mail.headers.includes(invoiceNumber));
}

const to = (address: string) => new RegExp(`^To: ${address.replace(/[.]/g, '\\.')}$`, 'm');

test('a sandbox purchase sends exactly one receipt, even after the success page is reloaded', async ({ page, context }) => {
  test.slow();
  await dismissCookieBanner(page);
  await checkOutOneService(page, 'Essay Editing', { name: 'Zawadi Njeri', email: 'zawadi@example.com', phone: '0712345678' });
  const popup = context.waitForEvent('page');
  await page.getByRole('button', { name: /^Pay .* with Stripe$/ }).click();
  const sandbox = await popup;
  await sandbox.getByRole('button', { name: /^Pay / }).click();
  await expect(sandbox).toHaveURL(/\/payment-success\?session_id=/);
  await expect(sandbox.getByRole('heading', { level: 1, name: 'Payment Successful!' })).toBeVisible();
  // The page shows the server's invoice number once it has asked the server about the session.
  await expect(sandbox.getByRole('main')).toContainText(/INV-\d{8}/);
  await expect(sandbox.getByRole('main')).toContainText(/Payment confirmed/i);
  const invoiceNumber = /INV-\d{8}/.exec((await sandbox.getByRole('main').textContent()) ?? '')?.[0];
  expect(invoiceNumber).toBeDefined();

  await expect.poll(async () => (await mailsAbout(invoiceNumber!)).length).toBe(2);

  for (let reload = 0; reload < 2; reload += 1) {
    await sandbox.reload();
    await expect(sandbox.getByRole('main')).toContainText(invoiceNumber!);
    await expect(sandbox.getByRole('main')).toContainText(/Payment confirmed/i);
  }

  const mails = await mailsAbout(invoiceNumber!);
  expect(mails).toHaveLength(2);
  const receipts = mails.filter((mail) => to('zawadi@example.com').test(mail.headers));
  expect(receipts).toHaveLength(1);
  const receipt = receipts[0]!;
  expect(receipt.headers).toMatch(new RegExp(`^Subject: Your receipt from Kesho Global Education: invoice ${invoiceNumber}$`, 'm'));
  expect(receipt.raw).toMatch(/Content-Type: text\/plain/);
  expect(receipt.raw).toMatch(/Content-Type: text\/html/);
  expect(receipt.raw).toContain(`Content-Type: application/pdf; name=${invoiceNumber}.pdf`);
  // The other one is the support address's copy (the address itself is a site fact, not repeated here).
  expect(mails.filter((mail) => /^Subject: Copy: Your receipt from /m.test(mail.headers))).toHaveLength(1);
});
