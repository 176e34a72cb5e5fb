import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { hydratePrerendered } from '@kesho/shell-kit/testing';
import HomePage from '../src/pages/HomePage';
import AboutPage from '../src/pages/AboutPage';
import ServicesPage from '../src/pages/ServicesPage';
import FaqPage from '../src/pages/FaqPage';

const pages: [string, ComponentType][] = [
  ['/', HomePage],
  ['/about', AboutPage],
  ['/services', ServicesPage],
  ['/faq', FaqPage],
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
