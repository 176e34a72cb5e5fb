/**
 * POST /api/enquiries and the /api/subscriptions routes through the local runtime over real HTTP,
 * with the file mail transport: JSON and plain form posts (JavaScript off), the messages as .eml
 * files in the data folder, a mailbox that cannot be written (send failure) and the retry.
 */
import { request as httpRequest } from 'node:http';
import { rm, writeFile } from 'node:fs/promises';
import type { ParsedMail } from 'mailparser';
import { site } from '@kesho/site-rules/site';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { readMailbox } from '../src/mail/mailbox';
import { mailDirectoryOf } from '../src/mail/fileTransport';
import { startTestServer, type TestServer } from './support/testServer';

let server: TestServer;
beforeAll(async () => {
  server = await startTestServer({ env: { LEADS_RATE_LIMIT_PER_ADDRESS: '3', LEADS_RATE_LIMIT_PER_CLIENT: '40' } });
});
afterAll(async () => {
  await server.close();
});

const mailDir = () => mailDirectoryOf(server.dataDir);

async function mailbox(): Promise<ParsedMail[]> {
  return (await readMailbox(mailDir())).map(({ mail }) => mail);
}

async function mailsTo(address: string): Promise<ParsedMail[]> {
  return (await mailbox()).filter((mail) => mail.headers.get('to') && JSON.stringify(mail.to).includes(address));
}

let counter = 0;
const enquiry = (overrides: Record<string, string> = {}) => {
  counter += 1;
  return { name: 'Wanjiku Mwangi', email: `wanjiku${counter}@example.com`, phone: '+254 712 345 678', country: 'canada', message: `Nursing in Canada, take ${counter}.`, ...overrides };
};

const postJson = (pathname: string, body: unknown, headers: Record<string, string> = {}) =>
  fetch(`${server.origin}${pathname}`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...headers }, body: JSON.stringify(body) });
const postForm = (pathname: string, fields: Record<string, string>) =>
  fetch(`${server.origin}${pathname}`, {
    method: 'POST',
    redirect: 'manual',
    headers: { 'Content-Type': 'application/x-www-form-urlencoded' },
    body: new URLSearchParams(fields).toString(),
  });

describe('POST /api/enquiries', () => {
  it('answers a JSON enquiry with 200 and writes the support mail and the acknowledgement', async () => {
    const sent = enquiry();
    const response = await postJson('/api/enquiries', sent);
    expect(response.status).toBe(200);
    expect(await response.json()).toEqual({ status: 'sent', message: "Thank you for contacting us. We'll get back to you within 24 hours." });

    const [support] = await mailsTo(site.email);
    const toSupport = (await mailsTo(site.email)).find((mail) => mail.replyTo?.text === sent.email);
    expect(support).toBeDefined();
    expect(toSupport?.subject).toBe('New enquiry from Wanjiku Mwangi (Canada)');
    expect(toSupport?.text).toContain(sent.message);
    const [ack] = await mailsTo(sent.email);
    expect(ack?.subject).toBe('We received your message: Kesho Global Education');
    expect(ack?.text).toContain('reply within 24 hours');
    expect(ack?.text).toContain(site.hours.display);
  });

  it('answers a plain form post (JavaScript off) with 303 to the thank-you state', async () => {
    const sent = enquiry();
    const response = await postForm('/api/enquiries', sent);
    expect(response.status).toBe(303);
    expect(response.headers.get('location')).toBe('/contact?contact=sent#contact-sent');
    expect(await mailsTo(sent.email)).toHaveLength(1);
  });

  it('sends an invalid form post back to the form, and a JSON one gets the schema’s field messages', async () => {
    const form = await postForm('/api/enquiries', enquiry({ email: 'not-an-address' }));
    expect(form.status).toBe(303);
    expect(form.headers.get('location')).toBe('/contact?contact=invalid#contact-invalid');
    const json = await postJson('/api/enquiries', enquiry({ phone: 'call me', message: '' }));
    expect(json.status).toBe(400);
    expect(await json.json()).toEqual({
      error: 'Some details are missing or not valid.',
      fieldErrors: { phone: 'Please enter a phone number we can dial, like +254 712 345 678', message: 'Please tell us about your education goals' },
    });
  });

  it('sends one pair of mails for a duplicate post', async () => {
    const sent = enquiry();
    for (let attempt = 0; attempt < 2; attempt += 1) expect((await postJson('/api/enquiries', sent)).status).toBe(200);
    expect(await mailsTo(sent.email)).toHaveLength(1);
  });

  it('refuses floods with 429 and a clear message (and a form post goes back with it)', async () => {
    const email = `busy${counter}@example.com`;
    for (let attempt = 0; attempt < 3; attempt += 1) expect((await postJson('/api/enquiries', enquiry({ email }))).status).toBe(200);
    const limited = await postJson('/api/enquiries', enquiry({ email }));
    expect(limited.status).toBe(429);
    expect(Number(limited.headers.get('retry-after'))).toBeGreaterThan(0);
    expect((await limited.json()).error).toMatch(/^You have sent several messages in a short time\. Please wait an hour/);
    const form = await postForm('/api/enquiries', enquiry({ email }));
    expect(form.headers.get('location')).toBe('/contact?contact=rate-limited#contact-rate-limited');
  });

  it('counts one client once however it rotates X-Forwarded-For or forges the viewer-address header', async () => {
    const strict = await startTestServer({ env: { LEADS_RATE_LIMIT_PER_CLIENT: '3' } });
    try {
      const statuses: number[] = [];
      for (let attempt = 1; attempt <= 6; attempt += 1) {
        const spoofed = { 'X-Forwarded-For': `203.0.113.${attempt}`, [VIEWER_ADDRESS_HEADER]: `198.51.100.${attempt}` };
        const answer = await fetch(`${strict.origin}/api/enquiries`, { method: 'POST', headers: { 'Content-Type': 'application/json', ...spoofed }, body: JSON.stringify(enquiry()) });
        statuses.push(answer.status);
      }
      expect(statuses).toEqual([200, 200, 200, 429, 429, 429]);
    } finally {
      await strict.close();
    }
  });

  it('keeps the enquiry when the mail cannot be written, answers 503, and the retry sends it once', async () => {
    const sent = enquiry();
    await rm(mailDir(), { recursive: true, force: true });
    await writeFile(mailDir(), 'a file where the mailbox folder should be');
    try {
      const failed = await postJson('/api/enquiries', sent);
      expect(failed.status).toBe(503);
      expect((await failed.json()).error).toMatch(/^We could not send your message just now/);
      const form = await postForm('/api/enquiries', sent);
      expect(form.headers.get('location')).toBe('/contact?contact=unavailable#contact-unavailable');
    } finally {
      await rm(mailDir(), { force: true });
    }
    expect((await postJson('/api/enquiries', sent)).status).toBe(200);
    expect((await postJson('/api/enquiries', sent)).status).toBe(200);
    expect(await mailsTo(sent.email)).toHaveLength(1);
  });

  it('stores and sends nothing for a filled honeypot, yet answers like a success', async () => {
    const sent = enquiry({ website: 'https://spam.example' });
    const response = await postForm('/api/enquiries', sent);
    expect(response.headers.get('location')).toBe('/contact?contact=sent#contact-sent');
    expect(await mailsTo(sent.email)).toHaveLength(0);
  });

  it('refuses other media types, oversized bodies and other methods with 4xx', async () => {
    const text = await fetch(`${server.origin}/api/enquiries`, { method: 'POST', headers: { 'Content-Type': 'text/plain' }, body: 'hello' });
    expect(text.status).toBe(415);
    const big = await postJson('/api/enquiries', enquiry({ message: 'x'.repeat(9000) }));
    expect(big.status).toBe(413);
    const bigForm = await postForm('/api/enquiries', enquiry({ message: 'x'.repeat(9000) }));
    expect(bigForm.headers.get('location')).toBe('/contact?contact=invalid#contact-invalid');
    const broken = await fetch(`${server.origin}/api/enquiries`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"name":' });
    expect(broken.status).toBe(400);
    const get = await fetch(`${server.origin}/api/enquiries`);
    expect(get.status).toBe(405);
    expect(get.headers.get('allow')).toBe('POST');
  });
});

describe('cross-site form posts', () => {
  const postFormFrom = (pathname: string, fields: Record<string, string>, from: Record<string, string>) =>
    fetch(`${server.origin}${pathname}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', ...from },
      body: new URLSearchParams(fields).toString(),
    });

  it('refuses a post another site makes a browser send, and mails no one', async () => {
    const hostile: Record<string, string>[] = [
      { Origin: 'https://evil.example', 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'https://evil.example' },
      { 'Sec-Fetch-Site': 'cross-site' },
      { Origin: 'null' },
      { Origin: `${server.origin}.evil.example` },
    ];
    for (const from of hostile) {
      const sent = enquiry();
      const answer = await postFormFrom('/api/enquiries', sent, from);
      expect(answer.status).toBe(403);
      expect((await answer.json()).error).toBe(`This form can only be sent from the ${site.brand} website.`);
      expect(await mailsTo(sent.email)).toHaveLength(0);
      const email = `target${counter++}@example.com`;
      expect((await postFormFrom('/api/subscriptions', { email }, from)).status).toBe(403);
      expect(await mailsTo(email)).toHaveLength(0);
    }
  });

  it('does not trust Host: Origin and Host both evil.example (a DNS rebinding onto this machine) is refused, for every name but loopback ones (issue 40, item 8)', async () => {
    const port = new URL(server.origin).port;
    // What a browser sends from a page of evil.example after its name was pointed at 127.0.0.1: to the browser it is same-origin.
    const rebound = (pathname: string, fields: Record<string, string>, name: string) =>
      new Promise<{ status: number; body: string }>((resolve, reject) => {
        const body = new URLSearchParams(fields).toString();
        const request = httpRequest(
          {
            host: '127.0.0.1',
            port,
            path: pathname,
            method: 'POST',
            headers: {
              Host: `${name}:${port}`,
              Origin: `http://${name}:${port}`,
              'Sec-Fetch-Site': 'same-origin',
              'Content-Type': 'application/x-www-form-urlencoded',
              'Content-Length': Buffer.byteLength(body),
            },
          },
          (response) => {
            let text = '';
            response.on('data', (chunk: Buffer) => (text += chunk.toString()));
            response.on('end', () => resolve({ status: response.statusCode ?? 0, body: text }));
          },
        );
        request.on('error', reject);
        request.end(body);
      });
    for (const name of ['evil.example', 'kesho.evil.example', '192.168.1.20', '10.0.0.1']) {
      const sent = enquiry();
      const answer = await rebound('/api/enquiries', sent, name);
      expect(answer.status).toBe(403);
      expect(JSON.parse(answer.body).error).toBe(`This form can only be sent from the ${site.brand} website.`);
      expect(await mailsTo(sent.email)).toHaveLength(0);
      const email = `target${counter++}@example.com`;
      expect((await rebound('/api/subscriptions', { email }, name)).status).toBe(403);
      expect(await mailsTo(email)).toHaveLength(0);
    }
    // The site's loopback names still post to themselves.
    for (const name of ['localhost', '127.0.0.1']) expect((await rebound('/api/subscriptions', { email: `reader${counter++}@example.com` }, name)).status).toBe(303);
  });

  it("keeps the site's own posts without JavaScript working, by any of its names", async () => {
    const sameOrigin = await postFormFrom('/api/enquiries', enquiry(), { Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' });
    expect(sameOrigin.headers.get('location')).toBe('/contact?contact=sent#contact-sent');
    const byOtherName = `http://localhost:${new URL(server.origin).port}`;
    const local = await fetch(`${byOtherName}/api/subscriptions`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: byOtherName, 'Sec-Fetch-Site': 'same-origin' },
      body: new URLSearchParams({ email: `reader${counter++}@example.com` }).toString(),
    });
    expect(local.headers.get('location')).toBe('/blog?newsletter=pending#newsletter-pending');
  });
});

describe('/api/subscriptions', () => {
  const linkIn = (mail: ParsedMail | undefined, action: 'confirm' | 'unsubscribe') => {
    const match = new RegExp(`(http://127\\.0\\.0\\.1:\\d+/api/subscriptions/${action}\\?token=[A-Za-z0-9%._-]+)`).exec(mail?.text ?? '');
    if (!match?.[1]) throw new Error(`no ${action} link in the mail`);
    return match[1];
  };

  /** What a person does on the page a link opens: press its one button (a same-origin form post, no script). */
  const pressButtonOn = async (page: Response) => {
    expect(page.status).toBe(200);
    expect(page.headers.get('content-type')).toBe('text/html; charset=utf-8');
    const document = await page.text();
    expect(document).toContain('<meta name="robots" content="noindex, nofollow">');
    const action = /<form method="post" action="([^"]+)">/.exec(document)?.[1]?.replaceAll('&#38;', '&');
    if (!action) throw new Error('no form on the page');
    return fetch(`${server.origin}${action}`, {
      method: 'POST',
      redirect: 'manual',
      headers: { 'Content-Type': 'application/x-www-form-urlencoded', Origin: server.origin, 'Sec-Fetch-Site': 'same-origin' },
      body: '',
    });
  };

  it('double opt-in without JavaScript: 303 back to the blog, a mail with the link, the link opens a page whose button confirms', async () => {
    const email = `reader${counter++}@example.com`;
    const signUp = await postForm('/api/subscriptions', { email });
    expect(signUp.status).toBe(303);
    expect(signUp.headers.get('location')).toBe('/blog?newsletter=pending#newsletter-pending');

    const [mail] = await mailsTo(email);
    expect(mail?.subject).toBe('Please confirm your subscription to Kesho Global Education');
    expect(mail?.headerLines.find((line) => line.key === 'list-unsubscribe-post')?.line).toBe('List-Unsubscribe-Post: List-Unsubscribe=One-Click');
    const page = await fetch(linkIn(mail, 'confirm'), { redirect: 'manual' });
    const confirmed = await pressButtonOn(page);
    expect(confirmed.status).toBe(303);
    expect(confirmed.headers.get('location')).toBe('/blog?newsletter=confirmed#newsletter-confirmed');
    // The link again: nothing left to press.
    expect((await fetch(linkIn(mail, 'confirm'), { redirect: 'manual' })).headers.get('location')).toBe('/blog?newsletter=confirmed#newsletter-confirmed');

    const oneClick = await fetch(linkIn(mail, 'unsubscribe'), { method: 'POST', body: 'List-Unsubscribe=One-Click', headers: { 'Content-Type': 'application/x-www-form-urlencoded' } });
    expect(oneClick.status).toBe(200);
    const again = await fetch(linkIn(mail, 'unsubscribe'), { redirect: 'manual' });
    expect(again.headers.get('location')).toBe('/blog?newsletter=unsubscribed#newsletter-unsubscribed');
  });

  it('a mail scanner opening the links (GET, HEAD) neither confirms nor unsubscribes anyone', async () => {
    const email = `reader${counter++}@example.com`;
    await postJson('/api/subscriptions', { email });
    const [mail] = await mailsTo(email);
    for (let scan = 0; scan < 3; scan += 1) {
      for (const action of ['confirm', 'unsubscribe'] as const) {
        const opened = await fetch(linkIn(mail, action), { redirect: 'manual' });
        expect(opened.status).toBe(200);
        expect(await opened.text()).toContain(action === 'confirm' ? '<h1>Confirm your subscription</h1>' : '<h1>Unsubscribe from our newsletter</h1>');
        expect((await fetch(linkIn(mail, action), { method: 'HEAD', redirect: 'manual' })).status).not.toBe(303);
      }
    }
    // Still pending, and still subscribed: the person's own press confirms, and then unsubscribes.
    const confirmed = await pressButtonOn(await fetch(linkIn(mail, 'confirm')));
    expect(confirmed.headers.get('location')).toBe('/blog?newsletter=confirmed#newsletter-confirmed');
    const unsubscribed = await pressButtonOn(await fetch(linkIn(mail, 'unsubscribe')));
    expect(unsubscribed.headers.get('location')).toBe('/blog?newsletter=unsubscribed#newsletter-unsubscribed');
  });

  it('answers JSON with 202, sends one confirmation per window, and refuses forged links', async () => {
    const email = `reader${counter++}@example.com`;
    for (let attempt = 0; attempt < 2; attempt += 1) {
      const response = await postJson('/api/subscriptions', { email });
      expect(response.status).toBe(202);
      expect((await response.json()).status).toBe('pending');
    }
    const mails = await mailsTo(email);
    expect(mails).toHaveLength(1);
    const link = new URL(linkIn(mails[0], 'confirm'));
    const token = link.searchParams.get('token') ?? '';
    const forged = `${token.slice(0, -3)}${token.endsWith('AAA') ? 'BBB' : 'AAA'}`;
    const refused = await fetch(`${server.origin}/api/subscriptions/confirm?token=${encodeURIComponent(forged)}`, { redirect: 'manual' });
    expect(refused.headers.get('location')).toBe('/blog?newsletter=link-invalid#newsletter-link-invalid');
    const missing = await fetch(`${server.origin}/api/subscriptions/confirm`, { redirect: 'manual' });
    expect(missing.status).toBe(303);
    const invalid = await postJson('/api/subscriptions', { email: 'nobody@localhost' });
    expect(invalid.status).toBe(400);
    expect(await invalid.json()).toEqual({
      error: 'Please enter a valid email address, like you@example.com',
      fieldErrors: { email: 'Please enter a valid email address, like you@example.com' },
    });
    expect((await fetch(`${server.origin}/api/subscriptions`)).status).toBe(405);
    expect((await fetch(`${server.origin}/api/subscriptions/elsewhere`)).status).toBe(404);
  });
});
