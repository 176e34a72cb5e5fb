/**
 * Issue 41, item 6: rotating Daraja's consumer key and secret with no failed payment, played step by
 * step as infra/RUNBOOK.md ("Rotating Daraja's credentials") tells ops, against a Daraja-compatible
 * server that accepts the apps the portal has, and a Secrets Manager ops put values into one at a time.
 * Instances: one warm from before the rotation, one started between the two puts (it reads the new key
 * with the old secret), one started after; every push of every step goes through.
 */
import { createDarajaClient } from '../src/mpesa/daraja';
import { createSecretsManagerReader, rereadSecret, resolveSecret } from '../src/clients/secrets';
import { FAKE_DARAJA, startFakeDaraja, type FakeDaraja } from './support/fakeDaraja';
import { answeringSecretsManager } from './support/secretsManager';

const ARNS = { consumerKey: 'arn:kesho/mpesa/consumer-key', consumerSecret: 'arn:kesho/mpesa/consumer-secret', passkey: 'arn:kesho/mpesa/passkey' } as const;
const OLD_APP = { consumerKey: FAKE_DARAJA.consumerKey, consumerSecret: FAKE_DARAJA.consumerSecret };
const NEW_APP = { consumerKey: 'rotatedConsumerKey2026', consumerSecret: 'rotatedConsumerSecret2026' };
const push = (n: number) => ({
  msisdn: '254712345678',
  amountKes: 100,
  accountReference: `INV-0000000${n}`,
  description: 'Kesho order',
  callbackUrl: 'https://www.example.com/api/mpesa/callback/x',
});

let daraja: FakeDaraja;
beforeEach(async () => {
  daraja = await startFakeDaraja();
});
afterEach(() => daraja.close());

test('a second app, the two puts, then the old app deleted: no push fails at any step, and no instance needs recycling', async () => {
  const values: Record<string, string> = { [ARNS.consumerKey]: OLD_APP.consumerKey, [ARNS.consumerSecret]: OLD_APP.consumerSecret, [ARNS.passkey]: FAKE_DARAJA.passkey };
  const reader = createSecretsManagerReader(answeringSecretsManager([], (arn) => values[arn] ?? ''));
  const credentials = async (fresh: boolean) => {
    const read = (name: 'darajaConsumerKey' | 'darajaConsumerSecret' | 'darajaPasskey', arn: string) =>
      fresh ? rereadSecret(name, { kind: 'secrets-manager', arn }, reader)() : resolveSecret(name, { kind: 'secrets-manager', arn }, reader, { fresh: true });
    return {
      consumerKey: await read('darajaConsumerKey', ARNS.consumerKey),
      consumerSecret: await read('darajaConsumerSecret', ARNS.consumerSecret),
      passkey: await read('darajaPasskey', ARNS.passkey),
    };
  };
  /** An instance's cold start: the credentials as Secrets Manager holds them now, read again when Daraja refuses them. */
  const coldStart = async (sleep: (ms: number) => Promise<void> = async () => undefined) =>
    createDarajaClient({ baseUrl: daraja.baseUrl, shortcode: FAKE_DARAJA.shortcode, ...(await credentials(false)), rereadCredentials: () => credentials(true), sleep });
  const pushes: Promise<unknown>[] = [];
  const payWith = async (gateway: Awaited<ReturnType<typeof coldStart>>) => {
    const result = gateway.stkPush(push(pushes.length + 1));
    pushes.push(result);
    await expect(result).resolves.toMatchObject({ checkoutRequestId: expect.any(String) });
  };

  const warm = await coldStart();
  await payWith(warm);

  // 1. On the Daraja portal: a second app for the shortcode. Both apps' credentials are accepted.
  daraja.acceptCredentials([OLD_APP, NEW_APP]);
  await payWith(warm);

  // 2. Put the new consumer key, then the new consumer secret. An instance starting between the two
  //    puts holds the new key with the old secret: refused, it reads again until the second put lands.
  values[ARNS.consumerKey] = NEW_APP.consumerKey;
  const between = await coldStart(async () => {
    values[ARNS.consumerSecret] = NEW_APP.consumerSecret; // the second put, while it waits
  });
  await payWith(between);
  await payWith(warm);
  const after = await coldStart();
  await payWith(after);

  // 3. Delete the old app on the portal (any time later): Daraja refuses the old pair and its tokens;
  //    the warm instance is refused once, reads the new pair, and its push goes through.
  daraja.acceptCredentials([NEW_APP]);
  daraja.revokeTokens();
  await payWith(warm);
  await payWith(between);
  await payWith(after);

  expect(await Promise.allSettled(pushes)).toEqual(pushes.map(() => expect.objectContaining({ status: 'fulfilled' })));
  expect(daraja.pushes).toHaveLength(pushes.length);
});

test('a pair that stays refused (not a rotation: the values put are wrong) still fails, after the waits', async () => {
  const waits: number[] = [];
  const gateway = createDarajaClient({
    baseUrl: daraja.baseUrl,
    ...FAKE_DARAJA,
    consumerSecret: 'wrongSecret',
    rereadCredentials: async () => ({ consumerKey: FAKE_DARAJA.consumerKey, consumerSecret: 'wrongSecret', passkey: FAKE_DARAJA.passkey }),
    sleep: async (ms) => void waits.push(ms),
  });
  await expect(gateway.stkPush(push(1))).rejects.toThrow('Daraja refused the OAuth credentials (HTTP 400)');
  expect(waits).toEqual([1000, 2000, 4000]);
});
