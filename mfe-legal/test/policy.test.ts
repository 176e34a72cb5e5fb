import { describeCalculation, proRataRefund, upgradeCostKes } from '../src/content/policy';

describe('the pro-rata refund formula', () => {
  it('refunds the fee less the work completed and the KES 2,000 processing fee', () => {
    const breakdown = proRataRefund({ feeKes: 35_000, percentCompleted: 40 });
    expect(breakdown).toEqual({ feeKes: 35_000, retainedPercent: 40, retainedKes: 14_000, processingFeeKes: 2_000, refundKes: 19_000 });
    // No-break spaces keep each amount on one line.
    expect(describeCalculation(breakdown)).toBe('KES\u00a035,000 − KES\u00a014,000 − KES\u00a02,000 = KES\u00a019,000');
  });

  it('counts the minimum retention when less work than that has been done', () => {
    expect(proRataRefund({ feeKes: 60_000, percentCompleted: 10, minimumRetentionPercent: 30 }).refundKes).toBe(40_000);
    expect(proRataRefund({ feeKes: 35_000, percentCompleted: 60, minimumRetentionPercent: 25 }).refundKes).toBe(12_000);
  });

  it('never produces a negative refund', () => {
    expect(proRataRefund({ feeKes: 10_000, percentCompleted: 90 }).refundKes).toBe(0);
  });

  it('rejects a percentage outside 0 to 100', () => {
    expect(() => proRataRefund({ feeKes: 10_000, percentCompleted: 120 })).toThrow(RangeError);
    expect(() => proRataRefund({ feeKes: 10_000, percentCompleted: -1 })).toThrow(RangeError);
  });
});

describe('package upgrades', () => {
  it('cost the difference between the two package fees', () => {
    expect(upgradeCostKes('basic', 'complete')).toBe(25_000);
    expect(upgradeCostKes('basic', 'premium')).toBe(50_000);
    expect(upgradeCostKes('complete', 'premium')).toBe(25_000);
  });
});
