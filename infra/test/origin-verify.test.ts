import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { acceptedSecretValues, createAuthorizer, isFromCloudFront, ORIGIN_VERIFY_HEADER, type ReadSecretStage, type SecretVersion } from '../functions/origin-verify/verify';

const SECRET = 'a'.repeat(20) + 'B7c9D1e3F5g7H9j1K3m5';
const HOUR = 60 * 60 * 1000;
const CACHE_MS = 5 * 60 * 1000;

/**
 * Secrets Manager's versions of one secret as put-secret-value leaves them: each put makes a new
 * AWSCURRENT version and moves AWSPREVIOUS to the version it replaced; older versions hold no stage.
 */
class SecretVersions {
  private current: SecretVersion | null = null;
  private previous: SecretVersion | null = null;
  reads = 0;

  constructor(private readonly clock: () => number) {}

  put(value: string): void {
    this.previous = this.current;
    this.current = { value, createdAt: new Date(this.clock()) };
  }

  readonly read: ReadSecretStage = async (stage) => {
    this.reads += 1;
    return stage === 'AWSCURRENT' ? this.current : this.previous;
  };
}

const values = (name: string) => `${name}-`.padEnd(48, name[0]);

describe('origin-verify authorizer', () => {
  test('admits only the exact secret', () => {
    expect(isFromCloudFront(SECRET, SECRET)).toBe(true);
    expect(isFromCloudFront(`${SECRET}x`, SECRET)).toBe(false);
    expect(isFromCloudFront(SECRET.slice(0, -1), SECRET)).toBe(false);
    expect(isFromCloudFront(SECRET.toLowerCase(), SECRET)).toBe(false);
    expect(isFromCloudFront('', SECRET)).toBe(false);
    expect(isFromCloudFront(undefined, SECRET)).toBe(false);
    expect(isFromCloudFront(['x'], SECRET)).toBe(false);
  });

  test('refuses to run with a short secret', () => {
    expect(() => isFromCloudFront('short', 'short')).toThrow('too short');
  });

  test('answers a simple response from the header of the event, admitting any of the accepted values', async () => {
    const other = values('other');
    const authorize = createAuthorizer(async () => [SECRET, other]);
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: SECRET } })).resolves.toMatchObject({ isAuthorized: true });
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: other } })).resolves.toMatchObject({ isAuthorized: true });
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: 'guess' } })).resolves.toEqual({ isAuthorized: false });
    await expect(authorize({ headers: {} })).resolves.toEqual({ isAuthorized: false });
    await expect(authorize({})).resolves.toEqual({ isAuthorized: false });
    await expect(createAuthorizer(async () => [])({ headers: { [ORIGIN_VERIFY_HEADER]: SECRET } })).rejects.toThrow('no current value');
  });

  test("an admitted request's context carries the viewer's address for the access log; anything not an address is logged as '-'", async () => {
    const authorize = createAuthorizer(async () => [SECRET]);
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '197.232.61.10' } })).resolves.toEqual({
      isAuthorized: true,
      context: { viewerAddress: '197.232.61.10' },
    });
    await expect(authorize({ identitySource: [SECRET, '2c0f:fe38:2405::1'] })).resolves.toEqual({ isAuthorized: true, context: { viewerAddress: '2c0f:fe38:2405::1' } });
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: SECRET, [VIEWER_ADDRESS_HEADER]: '"><script>' } })).resolves.toEqual({ isAuthorized: true, context: { viewerAddress: '-' } });
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: 'guess', [VIEWER_ADDRESS_HEADER]: '197.232.61.10' } })).resolves.toEqual({ isAuthorized: false });
  });

  test('a rotation, step by step as infra/RUNBOOK.md tells ops, leaves no moment without access', async () => {
    let clock = 0;
    const secret = new SecretVersions(() => clock);
    const accepted = acceptedSecretValues(secret.read, 24 * HOUR, CACHE_MS, () => clock);
    const authorize = createAuthorizer(accepted);
    /** What the distribution sends: the value of the version it was last deployed with. */
    let distributionSends = '';
    const viaCloudFront = async () => (await authorize({ headers: { [ORIGIN_VERIFY_HEADER]: distributionSends } })).isAuthorized;
    const [first, second, third] = [values('first'), values('second'), values('third')];

    // 0. The first deploy: the generated value, read by the distribution at deploy.
    secret.put(first);
    distributionSends = first;
    expect(await viaCloudFront()).toBe(true);

    // 1. put-secret-value: the distribution still sends the old value, which keeps passing once the
    //    authorizer has read the new one (its cache expired), and at every moment in between.
    clock += 10 * 60 * 1000;
    secret.put(second);
    expect(await viaCloudFront()).toBe(true);
    clock += CACHE_MS;
    expect(await accepted()).toEqual([second, first]);
    expect(await viaCloudFront()).toBe(true);

    // 2. originVerifySecretVersion committed, KeshoSite deployed: the distribution sends the new value.
    clock += HOUR;
    distributionSends = second;
    expect(await viaCloudFront()).toBe(true);

    // 3. After the window the old value is refused; the new one passes.
    clock += 23 * HOUR;
    distributionSends = first;
    expect(await viaCloudFront()).toBe(false);
    distributionSends = second;
    expect(await viaCloudFront()).toBe(true);
    expect(await accepted()).toEqual([second]);

    // Two puts in a row are not a rotation: the value the distribution was deployed with holds no stage any more.
    secret.put(third);
    secret.put(values('fourth'));
    clock += CACHE_MS;
    expect(await viaCloudFront()).toBe(false);
  });

  test('reads the secret at most once per cache period, and drops the previous value on time between reads', async () => {
    let clock = 0;
    const secret = new SecretVersions(() => clock);
    secret.put(values('old'));
    clock = 1000;
    secret.put(values('new'));
    clock = 1000 + 24 * HOUR - 60_000;
    const accepted = acceptedSecretValues(secret.read, 24 * HOUR, CACHE_MS, () => clock);
    expect(await accepted()).toEqual([values('new'), values('old')]);
    const reads = secret.reads;
    clock += 30_000;
    expect(await accepted()).toEqual([values('new'), values('old')]);
    clock += 60_000; // the window (24 h after the new value was put) closes before the cache expires
    expect(await accepted()).toEqual([values('new')]);
    expect(secret.reads).toBe(reads);
  });

  test('before any rotation there is no previous version, and only the current value passes', async () => {
    const secret = new SecretVersions(() => 0);
    secret.put(values('only'));
    await expect(acceptedSecretValues(secret.read, 24 * HOUR, CACHE_MS, () => 1000)()).resolves.toEqual([values('only')]);
  });
});
