import {
  canaryRecordsOf,
  edgeRecordOf,
  edgeStateOf,
  edgeStateSizeProblem,
  endCanary,
  planVariants,
  publishEdgeKeyValues,
  stagePreview,
  startCanary,
  unusedFolders,
  type CanaryRecord,
  type PreviewRecord,
} from '../src/edge-plan';
import { EMPTY_EDGE_STATE } from '../src/build-choice';
import type { KeyValueStore } from '../src/object-store';
import { EDGE_STATE_KEY, PREVIEW_LINK_SECRET_KEY } from '../src/site-keys';

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

  test('reads an edge record of either engine: canaries and previews kept with their own fields (an AWS release), the rest skipped, an unreadable state empty', () => {
    const withRelease = { ...canary('marketing', 'bbbbbbbbbbbb'), release: 'bbbbbbbbbbbb-0123456789ab' };
    const edge = { canaries: [{ app: 'marketing', build: 'bbbbbbbbbbbb', percent: 10 }], variants: { marketing: 'f1' }, previews: {}, notices: { expired: 'n1', invalid: 'n2' } };
    expect(edgeRecordOf({ canaries: [withRelease, 'x'], previews: [preview, { app: 'legal' }], edge, ended: [] })).toEqual({ canaries: [withRelease], previews: [preview], edge });
    expect(edgeRecordOf({})).toEqual({ canaries: [], previews: [], edge: { canaries: [], variants: {}, previews: {}, notices: {} } });
    expect(edgeRecordOf({ edge: { canaries: 'bad' } }).edge).toEqual({ canaries: [], variants: {}, previews: {}, notices: {} });
  });
});

describe("the edge's transitions, one state machine for both release engines", () => {
  const AT = '2025-06-01T13:00:00.000Z';
  const none = { canaries: [] as CanaryRecord[], previews: [] as PreviewRecord[] };

  test('a canary starts, one per app and never of the live build; its entry says who, why and the share', () => {
    const started = startCanary(none, { ...canary('marketing', 'bbbbbbbbbbbb', 25), why: 'new hero', release: 'bbbbbbbbbbbb-0123456789ab' });
    if (started.refused !== null) throw new Error(started.refused);
    expect(started.records.canaries.map((entry) => entry.buildId)).toEqual(['bbbbbbbbbbbb']);
    expect(started.entry).toEqual({
      action: 'canary',
      app: 'marketing',
      buildId: 'bbbbbbbbbbbb',
      previous: 'aaaaaaaaaaaa',
      by: 'team',
      at: '2025-06-01T12:00:00.000Z',
      percent: 25,
      why: 'new hero',
      release: 'bbbbbbbbbbbb-0123456789ab',
    });
    expect(startCanary(started.records, canary('marketing', 'cccccccccccc'))).toEqual({
      refused: 'A canary of marketing is already running (build bbbbbbbbbbbb for 25 % of visitors): one at a time; promote or abort it first',
    });
    expect(startCanary(started.records, canary('legal', 'cccccccccccc')).refused).toBeNull();
    expect(startCanary(none, { ...canary('legal', 'aaaaaaaaaaaa') })).toEqual({ refused: 'Build aaaaaaaaaaaa of legal is the live build already: nothing to try on a share of visitors' });
  });

  test('a canary ends by promotion or abort, recorded against the build it was compared with; none running is refused', () => {
    const records = { canaries: [canary('marketing', 'bbbbbbbbbbbb'), canary('legal', 'cccccccccccc')], previews: [] };
    const aborted = endCanary(records, 'marketing', { action: 'abort', by: 'auto', at: AT, why: 'error rate 60.0 %' });
    if (aborted.refused !== null) throw new Error(aborted.refused);
    expect(aborted.records.canaries.map((entry) => entry.app)).toEqual(['legal']);
    expect(aborted.ended.buildId).toBe('bbbbbbbbbbbb');
    expect(aborted.entry).toEqual({ action: 'abort', app: 'marketing', buildId: 'bbbbbbbbbbbb', previous: 'aaaaaaaaaaaa', by: 'auto', at: AT, why: 'error rate 60.0 %' });
    expect(endCanary(aborted.records, 'marketing', { action: 'promote', by: 'team', at: AT })).toEqual({ refused: 'No canary of marketing is running' });
  });

  test('a preview is staged once per build, keeping the later expiry; expired ones are dropped', () => {
    const now = new Date('2025-06-01T12:30:00.000Z');
    const expired = { ...preview, buildId: 'eeeeeeeeeeee', expiresAt: '2025-06-01T12:00:00.000Z' };
    const first = stagePreview({ canaries: [], previews: [preview, expired] }, { ...preview, expiresAt: '2025-06-01T18:00:00.000Z' }, { at: AT, now, liveBuild: 'cccccccccccc' });
    if (first.refused !== null) throw new Error(first.refused);
    expect(first.records.previews).toEqual([preview]);
    expect(first.entry).toEqual({ action: 'preview', app: 'legal', buildId: 'dddddddddddd', previous: 'cccccccccccc', by: 'team', at: AT, expiresAt: preview.expiresAt });
    const later = stagePreview(first.records, { ...preview, expiresAt: '2025-06-03T12:00:00.000Z' }, { at: AT, now, liveBuild: 'cccccccccccc' });
    if (later.refused !== null) throw new Error(later.refused);
    expect(later.records.previews.map((entry) => entry.expiresAt)).toEqual(['2025-06-03T12:00:00.000Z']);
  });
});

describe("the edge state's size, held to the KeyValueStore's limit in both engines", () => {
  const stateWith = (previews: number) => ({
    canaries: [],
    variants: {},
    previews: Object.fromEntries(Array.from({ length: previews }, (_, index) => [`marketing/${String(index).padStart(12, '0')}`, 'abcdef012345'])),
    notices: { expired: 'abcdef012345', invalid: 'abcdef012345' },
  });
  test('a state within 1 KB passes; one over it is refused with its size', () => {
    expect(edgeStateSizeProblem(stateWith(2))).toBeNull();
    expect(edgeStateSizeProblem(stateWith(40))).toMatch(/^The edge state would be \d+ bytes, over the KeyValueStore's 1024: end a canary or let previews expire first$/);
  });
});

describe("the edge key-value state, written by both engines' last step", () => {
  test("the edge state and the preview links' key are written; the same values again write nothing", async () => {
    const values = new Map<string, string>();
    const puts: string[] = [];
    const kvs: KeyValueStore = {
      get: async (key) => values.get(key) ?? null,
      put: async (key, value) => {
        puts.push(key);
        values.set(key, value);
      },
    };
    const edge = edgeStateOf([canary('marketing', 'bbbbbbbbbbbb')], []);
    expect(await publishEdgeKeyValues(kvs, { edge, previewLinkSecret: 'k'.repeat(32) })).toBe(true);
    expect(Object.fromEntries(values)).toEqual({ [EDGE_STATE_KEY]: JSON.stringify(edge), [PREVIEW_LINK_SECRET_KEY]: 'k'.repeat(32) });
    expect(await publishEdgeKeyValues(kvs, { edge, previewLinkSecret: 'k'.repeat(32) })).toBe(false);
    expect(await publishEdgeKeyValues(kvs, { edge: EMPTY_EDGE_STATE, previewLinkSecret: 'k'.repeat(32) })).toBe(true);
    expect(puts).toEqual([EDGE_STATE_KEY, PREVIEW_LINK_SECRET_KEY, EDGE_STATE_KEY]);
  });
});
