import { isRoutePath, NOT_FOUND_PAGE_KEY, pageKeyForRoute, resolveSiteRequest } from '../src/page-routes';
import { pageRouteCases } from './page-route-cases';

describe('the rule from request path to site object', () => {
  test.each(pageRouteCases.map((c) => [c.path + (c.query ? `?${c.query}` : ''), c.why, c]))('%s (%s)', (_request, _why, { path, query, expected }) => {
    expect(resolveSiteRequest(path, query)).toEqual(expected);
  });

  test('never redirects to a target that does not start with a single slash', () => {
    for (const { path } of pageRouteCases) {
      const answer = resolveSiteRequest(path);
      if (answer.kind === 'redirect') expect(answer.location).toMatch(/^\/(?![/\\])/);
    }
  });

  test('the 404 page lives among the pages', () => {
    expect(NOT_FOUND_PAGE_KEY).toBe('pages/404.html');
  });
});

describe('the page of a declared route', () => {
  test.each([
    ['/', 'pages/index.html'],
    ['/faq', 'pages/faq.html'],
    ['/services/visa', 'pages/services/visa.html'],
    ['/blog/canada-or-australia-how-to-choose-your-study-destination', 'pages/blog/canada-or-australia-how-to-choose-your-study-destination.html'],
  ])('%s is written to and served from %s', (route, key) => {
    expect(pageKeyForRoute(route)).toBe(key);
    expect(resolveSiteRequest(route)).toEqual({ kind: 'page', key });
  });

  test.each(['', 'faq', '/faq/', '//faq', '/a//b', '/a/../b', '/faq.html', '/pages/faq', '/pages', '/variants/faq', '/mfe/x', '/shell', '/api/create-payment', '/caf%C3%A9'])(
    'refuses %j as a route: it is malformed, or a request for it would never reach the page',
    (route) => {
      expect(isRoutePath(route)).toBe(false);
      expect(() => pageKeyForRoute(route)).toThrow(`Route "${route}" is not a site path like /faq or /services/visa`);
    },
  );
});
