import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { hydratePrerendered } from '@kesho/shell-kit/testing';
import PricingPage from '../src/pages/PricingPage';
import ContactPage from '../src/pages/ContactPage';
import SuccessStoriesPage from '../src/pages/SuccessStoriesPage';
import BlogPage from '../src/pages/BlogPage';

const pages: [string, ComponentType][] = [
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
  ['/success-stories', SuccessStoriesPage],
  ['/blog', BlogPage],
];

describe.each(pages)('hydrating the prerendered %s', (path, Page) => {
  it('adopts the server HTML without a mismatch', async () => {
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
