import '@testing-library/jest-dom';
import { render, screen } from '@testing-library/react';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';
import { coreRoutes } from '../src/routes/core';

describe('the core routes', () => {
  it('serve the home, about, services and FAQ pages', () => {
    expect(coreRoutes.map((route) => route.path)).toEqual(['/', '/about', '/services', '/faq']);
  });

  it('give each page its title, the home page its own', () => {
    expect(Object.fromEntries(coreRoutes.map((route) => [route.path, route.title]))).toEqual({
      '/': 'Kesho Global Education | Study Abroad Consultants in Nairobi',
      '/about': 'About Us | Kesho Global Education',
      '/services': 'Our Services | Kesho Global Education',
      '/faq': 'Frequently Asked Questions | Kesho Global Education',
    });
  });

  it('describe every page uniquely in 120 to 160 characters', () => {
    const descriptions = coreRoutes.map((route) => route.description);
    for (const description of descriptions) {
      expect(description.length).toBeGreaterThanOrEqual(120);
      expect(description.length).toBeLessThanOrEqual(160);
    }
    expect(new Set(descriptions).size).toBe(descriptions.length);
  });

  it('are all open to search engines', () => {
    for (const route of coreRoutes) expect(route.listed).toBe(true);
  });

  it.each(coreRoutes.map((route) => [route.path, route] as const))('load a page for %s that renders its heading', async (_path, route) => {
    const { default: Page } = await route.load();
    render(
      <TestShell shell={createRecordingShell(route.path)}>
        <Page />
      </TestShell>,
    );
    expect(screen.getAllByRole('heading', { level: 1 })).toHaveLength(1);
  });
});
