import { canaryRecordsOf, edgeStateOf, planVariants, unusedFolders, type CanaryRecord, type PreviewRecord } from '../src/edge-plan';

const canary = (app: string, buildId: string, percent = 10): CanaryRecord => ({ app, buildId, percent, previous: 'aaaaaaaaaaaa', since: '2025-06-01T12:00:00.000Z', by: 'team' });
const preview: PreviewRecord = { app: 'legal', buildId: 'dddddddddddd', expiresAt: '2025-06-02T12:00:00.000Z', by: 'team' };

describe("the edge's plan, one for both release engines", () => {
  test('a variant per combination of canaries (apps in name order), one per preview with its ribbon, and the two notices', () => {
    const plan = planVariants([canary('marketing', 'bbbbbbbbbbbb'), canary('commerce', 'cccccccccccc')], [preview]);
    expect(plan.map((variant) => [variant.kind, variant.key, variant.candidates.map((candidate) => candidate.buildId)])).toEqual([
      ['canary', 'commerce', ['cccccccccccc']],
      ['canary', 'marketing', ['bbbbbbbbbbbb']],
      ['canary', 'commerce+marketing', ['cccccccccccc', 'bbbbbbbbbbbb']],
      ['preview', 'legal/dddddddddddd', ['dddddddddddd']],
      ['notice', 'expired', []],
      ['notice', 'invalid', []],
    ]);
    expect(plan.find((variant) => variant.kind === 'preview')?.ribbon).toEqual({ kind: 'preview', app: 'legal', build: 'dddddddddddd' });
    expect(plan.filter((variant) => variant.kind === 'canary').every((variant) => variant.ribbon === null)).toBe(true);
  });

  test('the edge state names each written folder under its key; the canaries keep their shares', () => {
    const canaries = [canary('marketing', 'bbbbbbbbbbbb', 25)];
    const written = planVariants(canaries, [preview]).map((variant, index) => ({ variant, folder: `f${index}` }));
    expect(edgeStateOf(canaries, written)).toEqual({
      canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 25 }],
      variants: { marketing: 'f0' },
      previews: { 'legal/dddddddddddd': 'f1' },
      notices: { expired: 'f2', invalid: 'f3' },
    });
  });

  test('only folders neither the new state nor the one before names are let go', () => {
    const previous = { canaries: [], variants: { marketing: 'old' }, previews: {}, notices: { expired: 'n1' } };
    const current = { canaries: [], variants: {}, previews: { 'legal/dddddddddddd': 'new' }, notices: { expired: 'n1' } };
    expect(unusedFolders(['old', 'new', 'n1', 'gone', 'gone'], current, previous)).toEqual(['gone']);
  });

  test('reads the canary records of an edge record, skipping what is not one', () => {
    expect(canaryRecordsOf({ canaries: [canary('marketing', 'bbbbbbbbbbbb'), { app: 'legal' }, null] })).toEqual([canary('marketing', 'bbbbbbbbbbbb')]);
    expect(canaryRecordsOf('not a record')).toEqual([]);
  });
});
