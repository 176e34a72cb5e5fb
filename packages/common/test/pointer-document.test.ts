import { parsePointerDocument, PointerDocumentError, withRemote } from '../src/pointer-document';

const legal = (buildId: string, paths = ['/terms']) => ({
  name: 'legal',
  buildId,
  manifest: `/mfe/legal/${buildId}/mf-manifest.json`,
  routes: paths.map((path) => ({ path, title: 'T', description: 'D', listed: true })),
});
const marketing = { name: 'marketing', buildId: 'm1', manifest: '/mfe/marketing/m1/mf-manifest.json', routes: [{ path: '/', title: 'Home', description: 'D' }] };

describe('the pointer document schema', () => {
  it('accepts a well-formed document and keeps only the schema fields', () => {
    const document = parsePointerDocument({ remotes: [{ ...legal('a1'), extra: 1 }, marketing] });
    expect(document.remotes[0]).toEqual(legal('a1'));
    expect(document.remotes[1]?.routes[0]?.listed).toBe(true);
  });

  it('reads the old "indexable" flag of pointers kept for rollback', () => {
    const old = { ...legal('a1'), routes: [{ path: '/terms', title: 'T', description: 'D', indexable: false }] };
    expect(parsePointerDocument({ remotes: [old] }).remotes[0]?.routes[0]?.listed).toBe(false);
  });

  it("keeps a route's feed flag when it has one, and writes none when it has not", () => {
    const blog = { ...marketing, routes: [{ path: '/blog', title: 'Blog', description: 'D', listed: true, feed: true }, ...marketing.routes] };
    const [withFeed, without] = parsePointerDocument({ remotes: [blog] }).remotes[0]?.routes ?? [];
    expect(withFeed).toEqual({ path: '/blog', title: 'Blog', description: 'D', listed: true, feed: true });
    expect(without).not.toHaveProperty('feed');
  });

  it.each([
    [{}, 'no remotes list'],
    [{ remotes: [{ ...legal('a1'), routes: [{ path: '/terms', title: 'T', description: 'D', feed: 'yes' }] }] }, '"feed" must be true or false'],
    [{ remotes: [{ ...legal('a1'), name: 'Legal' }] }, 'no valid name'],
    [{ remotes: [{ ...legal('a1'), buildId: '../x' }] }, 'no build id'],
    [{ remotes: [{ ...legal('a1'), manifest: 'http://evil.example/m.json' }] }, 'remote legal has no manifest path'],
    [{ remotes: [{ ...legal('a1'), manifest: '/mfe/legal/other/mf-manifest.json' }] }, 'no manifest path under /mfe/legal/a1/'],
    [{ remotes: [legal('a1', ['/terms/'])] }, 'without a valid path'],
    [{ remotes: [{ ...legal('a1'), routes: [{ path: '/terms' }] }] }, 'needs a title and a description'],
    [{ remotes: [legal('a1'), legal('a2')] }, 'legal is listed twice'],
    [{ remotes: [legal('a1', ['/']), marketing] }, 'route / is claimed by both legal and marketing'],
  ])('refuses %j', (value, why) => {
    expect(() => parsePointerDocument(value)).toThrow(PointerDocumentError);
    expect(() => parsePointerDocument(value)).toThrow(why);
  });

  it('puts one remote in (a release or a rollback), sorted by name, validated', () => {
    const document = parsePointerDocument({ remotes: [marketing, legal('a1')] });
    expect(withRemote(document, legal('a2')).remotes.map((remote) => `${remote.name}@${remote.buildId}`)).toEqual(['legal@a2', 'marketing@m1']);
    expect(() => withRemote(document, legal('a3', ['/']))).toThrow('route / is claimed by both');
  });
});
