import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { act } from 'react';
import { renderToString } from 'react-dom/server';
import { hydrateRoot } from 'react-dom/client';
import { ShellContext } from '@kesho/shell-kit';
import { createRecordingShell } from '@kesho/shell-kit/testing';
import HomePage from '../src/pages/HomePage';
import AboutPage from '../src/pages/AboutPage';
import ServicesPage from '../src/pages/ServicesPage';
import FaqPage from '../src/pages/FaqPage';

// Hydration outside Testing Library: tell React that updates here are wrapped in act().
(globalThis as { IS_REACT_ACT_ENVIRONMENT?: boolean }).IS_REACT_ACT_ENVIRONMENT = true;

const pages: [string, ComponentType][] = [
  ['/', HomePage],
  ['/about', AboutPage],
  ['/services', ServicesPage],
  ['/faq', FaqPage],
];

describe.each(pages)('hydrating the prerendered %s', (path, Page) => {
  it('adopts the server HTML without a mismatch', async () => {
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

    expect(recoverableErrors).toEqual([]);
    expect(consoleError).not.toHaveBeenCalled();
    expect(container.querySelector('h1')).toBe(serverHeading);
    consoleError.mockRestore();
    act(() => root?.unmount());
    container.remove();
  });
});
