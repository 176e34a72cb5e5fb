import { createDarajaClient, darajaPassword, darajaTimestamp } from '../src/mpesa/daraja';
import { MpesaPhoneRefusedError } from '../src/mpesa/types';
import { PaymentProviderError } from '../src/payments/types';
import { FAKE_DARAJA, startFakeDaraja, type FakeDaraja } from './support/fakeDaraja';

const push = { msisdn: '254712345678', amountKes: 517, accountReference: 'INV-12345678', description: 'Kesho order', callbackUrl: 'https://kesho.example/api/mpesa/callback/abc' };

describe('Daraja password and timestamp', () => {
  it('writes the time in Africa/Nairobi (UTC+3, no daylight saving) as YYYYMMDDHHmmss', () => {
    expect(darajaTimestamp(new Date('2026-11-23T07:05:09Z'))).toBe('20261123100509');
    expect(darajaTimestamp(new Date('2026-12-31T22:30:00Z'))).toBe('20270101013000');
    expect(darajaTimestamp(new Date('2026-06-30T20:59:59.999Z'))).toBe('20260630235959');
  });

  it('is base64(shortcode + passkey + timestamp)', () => {
    const password = darajaPassword('174379', 'pass', '20261123100509');
    expect(Buffer.from(password, 'base64').toString()).toBe('174379pass20261123100509');
    expect(password).toBe('MTc0Mzc5cGFzczIwMjYxMTIzMTAwNTA5');
  });
});

describe('Daraja client against a Daraja-compatible server', () => {
  let daraja: FakeDaraja;
  beforeEach(async () => {
    daraja = await startFakeDaraja();
  });
  afterEach(() => daraja.close());

  const client = (overrides: Partial<Record<keyof typeof FAKE_DARAJA, string>> & { clock?: () => Date } = {}) =>
    createDarajaClient({ ...FAKE_DARAJA, baseUrl: daraja.baseUrl, ...overrides });

  it('pushes with every field Daraja checks and queries the result', async () => {
    const gateway = client();
    const accepted = await gateway.stkPush(push);
    expect(accepted.checkoutRequestId).toMatch(/^ws_CO_/);
    expect(daraja.pushes[0]!.body).toMatchObject({
      TransactionType: 'CustomerPayBillOnline',
      Amount: 517,
      PartyA: '254712345678',
      PhoneNumber: '254712345678',
      PartyB: '174379',
      AccountReference: 'INV-12345678',
      CallBackURL: push.callbackUrl,
    });

    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({ state: 'processing' });
    daraja.complete(accepted.checkoutRequestId, 1032);
    await expect(gateway.stkQuery(accepted.checkoutRequestId)).resolves.toEqual({ state: 'done', resultCode: 1032, resultDesc: 'Request cancelled by user' });
  });

  it('caches the OAuth token until it expires, and fetches a new one after', async () => {
    let now = Date.now();
    const gateway = client({ clock: () => new Date(now) });
    await gateway.stkPush(push);
    await gateway.stkPush(push);
    expect(daraja.tokensIssued()).toBe(1);
    now += 3600_000;
    // The fake checks the timestamp against its own clock; move it to this test's time
    const late = await startFakeDaraja({ now: () => now });
    try {
      const later = createDarajaClient({ ...FAKE_DARAJA, baseUrl: late.baseUrl, clock: () => new Date(now) });
      await later.stkPush(push);
      now += 3_540_000; // 59 minutes: within a minute of the 3599 s expiry
      await later.stkPush(push);
      expect(late.tokensIssued()).toBe(2);
    } finally {
      await late.close();
    }
  });

  it('fetches a fresh token and tries once more when Daraja revoked the cached one', async () => {
    const gateway = client();
    await gateway.stkPush(push);
    daraja.revokeTokens();
    await expect(gateway.stkPush(push)).resolves.toBeDefined();
    expect(daraja.tokensIssued()).toBe(2);
  });

  it('is refused with a wrong passkey (the Password does not verify)', async () => {
    await expect(client({ passkey: 'wrong' }).stkPush(push)).rejects.toThrow(/Invalid Password/);
  });

  it('is refused with a timestamp not in Nairobi time', async () => {
    const utcClock = () => new Date(Date.now() - 3 * 3600_000);
    await expect(client({ clock: utcClock }).stkPush(push)).rejects.toThrow(/Invalid Timestamp/);
  });

  it('is refused with wrong consumer credentials', async () => {
    await expect(client({ consumerSecret: 'nope' }).stkPush(push)).rejects.toThrow(/OAuth/);
  });

  it('reports a refused phone number as the payer’s to fix', async () => {
    await expect(client().stkPush({ ...push, msisdn: '255712345678' })).rejects.toBeInstanceOf(MpesaPhoneRefusedError);
  });

  it('refuses what Daraja refuses: amounts out of range, a missing callback URL, an unknown request', async () => {
    await expect(client().stkPush({ ...push, amountKes: 0 })).rejects.toThrow(/Invalid Amount/);
    await expect(client().stkPush({ ...push, amountKes: 12.5 })).rejects.toThrow(/Invalid Amount/);
    await expect(client().stkPush({ ...push, callbackUrl: '' })).rejects.toThrow(/Invalid CallBackURL/);
    await expect(client().stkQuery('ws_CO_unknown')).rejects.toThrow(/Invalid CheckoutRequestID/);
  });

  it('reports an unreachable Daraja as a provider error', async () => {
    await daraja.close();
    await expect(client().stkPush(push)).rejects.toBeInstanceOf(PaymentProviderError);
    daraja = await startFakeDaraja();
  });
});
