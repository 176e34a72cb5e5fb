import { routes } from '../src/routes';

describe('the commerce routes', () => {
  test('serve the five commerce paths', () => {
    expect(routes.map((route) => route.path)).toEqual(['/custom-quote', '/checkout', '/payment', '/payment-success', '/payment-failure']);
  });

  test('only the quote builder is listed in the sitemap', () => {
    expect(routes.filter((route) => route.listed).map((route) => route.path)).toEqual(['/custom-quote']);
    expect(routes.filter((route) => route.listed === false)).toHaveLength(4);
  });

  test('titles name the page and the brand', () => {
    for (const route of routes) expect(route.title).toMatch(/^[A-Z][\w ]+ \| Kesho Global Education$/);
    expect(new Set(routes.map((route) => route.title)).size).toBe(routes.length);
  });

  test('descriptions are unique and 120 to 160 characters long', () => {
    for (const route of routes) {
      expect(route.description.length).toBeGreaterThanOrEqual(120);
      expect(route.description.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(routes.map((route) => route.description)).size).toBe(routes.length);
  });

  test('each route loads a page component as its default export', async () => {
    for (const route of routes) {
      const page = await route.load();
      expect(typeof page.default).toBe('function');
    }
  });
});

describe('what each page loads', () => {
  // yup is the heaviest library to evaluate; only pages that validate (checkout, payment) need it.
  it('the payment success page does not load the validation library', () => {
    jest.isolateModules(() => {
      jest.doMock('yup', () => {
        throw new Error('yup was loaded');
      });
      expect(() => require('../src/pages/PaymentSuccessPage')).not.toThrow();
    });
  });

  it('the payment page does, to check the saved details before paying', () => {
    jest.isolateModules(() => {
      jest.doMock('yup', () => {
        throw new Error('yup was loaded');
      });
      expect(() => require('../src/pages/PaymentPage')).toThrow('yup was loaded');
    });
  });
});
