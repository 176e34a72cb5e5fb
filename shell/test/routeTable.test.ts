import { parsePointerDocument } from '../src/federation/pointer';
import { matchRoute, routeTable } from '../src/federation/routeTable';

const remote = (name: string, paths: string[]) => ({
  name,
  buildId: 'b1',
  manifest: `/mfe/${name}/b1/mf-manifest.json`,
  routes: paths.map((path) => ({ path, title: `${path} title`, description: 'd' })),
});

const pointers = parsePointerDocument({
  remotes: [
    remote('legal', ['/terms', '/privacy']),
    remote('marketing', ['/', '/faq', '/services', '/services/visa', '/services/admissions', '/blog', '/blog/choosing-canada']),
    remote('commerce', ['/custom-quote', '/payment-success']),
  ],
});

const served = (path: string) => {
  const match = matchRoute(pointers, path);
  return match ? `${match.remote.name} ${match.route.path}` : null;
};

describe('the route table built from the pointer document', () => {
  it('routes every path a remote claims to that remote, with or without a trailing slash', () => {
    expect(served('/')).toBe('marketing /');
    expect(served('/terms')).toBe('legal /terms');
    expect(served('/terms/')).toBe('legal /terms');
    expect(served('/custom-quote')).toBe('commerce /custom-quote');
    expect(served('/payment-success')).toBe('commerce /payment-success');
  });

  it("nests a remote's pages under their parent page, which is the index of its children", () => {
    const root = routeTable(pointers)[0];
    const blog = root?.children?.find((route) => route.path === 'blog');
    expect(blog?.children?.map((route) => (route.index ? 'index' : route.path))).toEqual(['index', 'choosing-canada']);
    const services = root?.children?.find((route) => route.path === 'services');
    expect(services?.children?.map((route) => (route.index ? 'index' : route.path))).toEqual(['index', 'visa', 'admissions']);
    expect(served('/blog')).toBe('marketing /blog');
    expect(served('/blog/choosing-canada')).toBe('marketing /blog/choosing-canada');
    expect(served('/services/visa/')).toBe('marketing /services/visa');
  });

  it('finds nothing (not found) for a path no remote claims, also below a claimed one', () => {
    expect(served('/nowhere')).toBeNull();
    expect(served('/blog/no-such-article')).toBeNull();
    expect(served('/services/visa/more')).toBeNull();
    expect(served('/terms/x')).toBeNull();
  });

  it('matches case-sensitively, like the prerendered pages the server sends', () => {
    expect(served('/FAQ')).toBeNull();
    expect(served('/Blog/choosing-canada')).toBeNull();
    expect(served('/blog/Choosing-Canada')).toBeNull();
  });

  it('has no home route when no remote claims "/"', () => {
    const withoutHome = parsePointerDocument({ remotes: [remote('legal', ['/terms'])] });
    expect(matchRoute(withoutHome, '/')).toBeNull();
    expect(matchRoute(withoutHome, '/terms')?.remote.name).toBe('legal');
  });
});
