import { expiresAtEpochSeconds, UNPAID_ORDER_RETENTION_DAYS } from '../src/retention';

describe('retention', () => {
  it('stamps DynamoDB TTL in epoch seconds, whole days after the given time', () => {
    expect(UNPAID_ORDER_RETENTION_DAYS).toBe(30);
    expect(expiresAtEpochSeconds(new Date('2026-11-23T08:00:00.900Z'), 30)).toBe(Date.UTC(2026, 11, 23, 8) / 1000);
  });
});
