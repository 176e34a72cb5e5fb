import { parsePointerDocument, PointerDocumentError, siteMenu, siteMenus, withRemote } from '../src/pointer-document';

const legal = (buildId: string, paths = ['/terms']) => ({
  name: 'legal',
  buildId,
  manifest: `/mfe/legal/${buildId}/mf-manifest.json`,
  routes: paths.map((path) => ({ path, title: 'T', description: 'D', listed: true })),
});
const marketing = { name: 'marketing', buildId: 'm1', manifest: '/mfe/marketing/m1/mf-manifest.json', routes: [{ path: '/', title: 'Home', description: 'D' }] };

/** Marketing with one service page that carries the given menu entry. */
const withMenu = (menu: unknown) => ({ ...marketing, routes: [{ path: '/services/visa', title: 'Visa', description: 'D', menu }] });

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
    [{ remotes: [withMenu({ group: 'Services', label: 'Visa', order: 1 })] }, 'route /services/visa of marketing: "menu" needs a lower-case group'],
    [{ remotes: [withMenu({ group: 'services', label: ' ', order: 1 })] }, 'a label of 1 to 60 characters'],
    [{ remotes: [withMenu({ group: 'services', label: 'Visa', order: 1.5 })] }, 'a whole-number order'],
    [{ remotes: [withMenu('services')] }, '"menu" needs'],
  ])('refuses %j', (value, why) => {
    expect(() => parsePointerDocument(value)).toThrow(PointerDocumentError);
    expect(() => parsePointerDocument(value)).toThrow(why);
  });

  // Names whose mfe/<name>/ folder holds shared keys in the deployed bucket, and the shell's own.
  it.each(['pointers', 'canary', 'shell'])('refuses a remote called %s', (name) => {
    expect(() => parsePointerDocument({ remotes: [{ ...legal('a1'), name, manifest: `/mfe/${name}/a1/mf-manifest.json` }] })).toThrow(`cannot be called "${name}"`);
  });

  it('puts one remote in (a release or a rollback), sorted by name, validated', () => {
    const document = parsePointerDocument({ remotes: [marketing, legal('a1')] });
    expect(withRemote(document, legal('a2')).remotes.map((remote) => `${remote.name}@${remote.buildId}`)).toEqual(['legal@a2', 'marketing@m1']);
    expect(() => withRemote(document, legal('a3', ['/']))).toThrow('route / is claimed by both');
  });
});

describe('the menus a document lists', () => {
  const services = (entries: readonly [string, string, number][]) => ({
    ...marketing,
    routes: [...marketing.routes, ...entries.map(([path, label, order]) => ({ path, title: `${label} | Kesho`, description: 'D', menu: { group: 'services', label, order } }))],
  });

  it('lists the pages of a menu by their order, across remotes, with the remote’s own labels', () => {
    const document = parsePointerDocument({
      remotes: [
        services([
          ['/services/visa', 'Visa & Immigration', 2],
          ['/services/admissions', 'University Admissions', 1],
        ]),
        { ...legal('a1'), routes: [{ path: '/terms', title: 'T', description: 'D', menu: { group: 'services', label: 'Terms', order: 3 } }] },
      ],
    });
    expect(siteMenu(document, 'services')).toEqual([
      { label: 'University Admissions', path: '/services/admissions' },
      { label: 'Visa & Immigration', path: '/services/visa' },
      { label: 'Terms', path: '/terms' },
    ]);
    expect(siteMenu(document, 'blog')).toEqual([]);
    expect(Object.keys(siteMenus(document))).toEqual(['services']);
  });

  it('tells a renamed or moved page apart from an unchanged menu', () => {
    const before = parsePointerDocument({ remotes: [services([['/services/visa', 'Visa & Immigration', 2]])] });
    const sameMenuNewBuild = parsePointerDocument({
      remotes: [{ ...services([['/services/visa', 'Visa & Immigration', 2]]), buildId: 'm2', manifest: '/mfe/marketing/m2/mf-manifest.json' }],
    });
    const renamed = parsePointerDocument({ remotes: [services([['/services/student-visas', 'Student Visas', 2]])] });
    expect(siteMenus(sameMenuNewBuild)).toEqual(siteMenus(before));
    expect(siteMenus(renamed)).not.toEqual(siteMenus(before));
  });

  it('keeps a page without a menu entry out of every menu, as pointers written before menus were', () => {
    expect(siteMenus(parsePointerDocument({ remotes: [marketing, legal('a1')] }))).toEqual({});
  });
});
