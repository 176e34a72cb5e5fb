import { pageKeysOf, removedPageKeys } from '../src/published-pages';

describe('the pages a publish removes, one rule for the local release and the AWS publisher', () => {
  const remote = (routes: { path: string; feed?: boolean }[]) => ({ routes });
  test("a remote's pages and its routes' feeds", () => {
    expect(pageKeysOf(remote([{ path: '/' }, { path: '/blog', feed: true }]))).toEqual(['pages/index.html', 'pages/blog.html', 'pages/blog/rss.xml']);
  });
  test('a route no remote serves any more, and a feed its route dropped, whoever serves the route now', () => {
    const before = { remotes: [remote([{ path: '/faq' }, { path: '/blog', feed: true }]), remote([{ path: '/terms' }])] };
    const next = { remotes: [remote([{ path: '/blog' }]), remote([{ path: '/terms' }, { path: '/faq' }])] };
    expect(removedPageKeys(before, next)).toEqual(['pages/blog/rss.xml']);
    expect(removedPageKeys(before, { remotes: [remote([{ path: '/terms' }])] })).toEqual(['pages/faq.html', 'pages/blog.html', 'pages/blog/rss.xml']);
  });
});
