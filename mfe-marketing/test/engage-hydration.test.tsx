import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { ShellContext } from '@kesho/shell-kit';
import { createRecordingShell } from '@kesho/shell-kit/testing';
import PricingPage from '../src/pages/PricingPage';
import ContactPage from '../src/pages/ContactPage';
import SuccessStoriesPage from '../src/pages/SuccessStoriesPage';
import BlogPage from '../src/pages/BlogPage';

// Hydration outside Testing Library: tell React that updates here are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pages: [string, ComponentType][] = [
  ['/pricing', PricingPage],
  ['/contact', ContactPage],
  ['/success-stories', SuccessStoriesPage],
  ['/blog', BlogPage],
];

async function hydrate(path: string, Page: ComponentType) {
  const element = (
    <ShellContext.Provider value={createRecordingShell(path)}>
      <Page />
    </ShellContext.Provider>
  );
  const container = document.createElement('div');
  container.innerHTML = renderToString(element);
  document.body.appendChild(container);
  const serverHeading = container.querySelector('h1');
  const recoverableErrors: unknown[] = [];
  const consoleError = jest.spyOn(console, 'error').mockImplementation(() => undefined);
  let root: ReturnType<typeof hydrateRoot> | undefined;
  await act(async () => {
    root = hydrateRoot(container, element, { onRecoverableError: (error) => recoverableErrors.push(error) });
  });
  const errorsLogged = consoleError.mock.calls.length;
  consoleError.mockRestore();
  const cleanup = () => {
    act(() => root?.unmount());
    container.remove();
  };
  return { container, serverHeading, recoverableErrors, errorsLogged, cleanup };
}

describe.each(pages)('hydrating the prerendered %s', (path, Page) => {
  it('adopts the server HTML without a mismatch', async () => {
    const { container, serverHeading, recoverableErrors, errorsLogged, cleanup } = await hydrate(path, Page);
    expect(recoverableErrors).toEqual([]);
    expect(errorsLogged).toBe(0);
    expect(container.querySelector('h1')).toBe(serverHeading);
    cleanup();
  });
});

describe('the hydrated blog', () => {
  it('drops the printed articles once Read can open them in place', async () => {
    const { container, cleanup } = await hydrate('/blog', BlogPage);
    expect(container.querySelector('#blog-library-title')).toBeNull();
    expect(container.querySelectorAll('article')).toHaveLength(6);
    cleanup();
  });
});
