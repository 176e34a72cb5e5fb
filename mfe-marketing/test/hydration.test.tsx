import '@testing-library/jest-dom';
import { hydratePrerendered } from '@kesho/shell-kit/testing';
import { routes } from '../src/routes';
import BlogPage from '../src/pages/BlogPage';

describe.each(routes.map((route) => [route.path, route] as const))('hydrating the prerendered %s', (path, route) => {
  it('adopts the server HTML without a mismatch', async () => {
    const { default: Page } = await route.load();
    const { container, serverHeading, recoverableErrors, errorsLogged, cleanup } = await hydratePrerendered(path, Page);
    expect(recoverableErrors).toEqual([]);
    expect(errorsLogged).toBe(0);
    expect(container.querySelector('h1')).toBe(serverHeading);
    cleanup();
  });
});

describe('the hydrated blog', () => {
  it('drops the printed articles once Read can open them in place', async () => {
    const { container, cleanup } = await hydratePrerendered('/blog', BlogPage);
    expect(container.querySelector('#blog-library-title')).toBeNull();
    expect(container.querySelectorAll('article')).toHaveLength(6);
    cleanup();
  });
});
