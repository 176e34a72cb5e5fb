import { cachedSecret, createAuthorizer, isFromCloudFront, ORIGIN_VERIFY_HEADER } from '../functions/origin-verify/verify';

const SECRET = 'a'.repeat(20) + 'B7c9D1e3F5g7H9j1K3m5';

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

  test('answers a simple response from the header of the event', async () => {
    const authorize = createAuthorizer(async () => SECRET);
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: SECRET } })).resolves.toEqual({ isAuthorized: true });
    await expect(authorize({ headers: { [ORIGIN_VERIFY_HEADER]: 'guess' } })).resolves.toEqual({ isAuthorized: false });
    await expect(authorize({ headers: {} })).resolves.toEqual({ isAuthorized: false });
    await expect(authorize({})).resolves.toEqual({ isAuthorized: false });
  });

  test('re-reads the secret after the cache time, so a rotation takes effect', async () => {
    let clock = 0;
    const values = ['first'.padEnd(32, '1'), 'second'.padEnd(32, '2')];
    let reads = 0;
    const source = cachedSecret(
      async () => values[Math.min(reads++, 1)] as string,
      1000,
      () => clock,
    );
    await expect(source()).resolves.toBe(values[0]);
    clock = 999;
    await expect(source()).resolves.toBe(values[0]);
    expect(reads).toBe(1);
    clock = 1000;
    await expect(source()).resolves.toBe(values[1]);
    expect(reads).toBe(2);
  });
});
