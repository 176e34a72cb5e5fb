import '@testing-library/jest-dom';
import type { ComponentType } from 'react';
import { render, screen, within } from '@testing-library/react';
import { TestShell, createRecordingShell, type RecordingShell } from '@kesho/shell-kit/testing';

/** Renders a page the way the shell does: inside the shell context, with nothing else around it. */
export function renderPage(Page: ComponentType, pathname = '/'): RecordingShell & { container: HTMLElement } {
  const shell = createRecordingShell(pathname);
  const { container } = render(
    <TestShell shell={shell}>
      <Page />
    </TestShell>,
  );
  return Object.assign(shell, { container });
}

/** The rendered page's text as a reader sees it. */
export const bodyText = (): string => normalisedText(document.body);

/**
 * A legal page's suite: the page rendered at its path before each test, and what every legal page opens
 * with (its title as the one h1 and the January 2025 date), then the page's own tests.
 */
export function describeLegalPage(title: string, Page: ComponentType, pathname: string, tests: () => void): void {
  describe(`the ${title} page`, () => {
    beforeEach(() => {
      renderPage(Page, pathname);
    });

    it(`is titled "${title}" and dated January 2025`, () => {
      expect(screen.getByRole('heading', { level: 1, name: title })).toBeInTheDocument();
      expect(screen.getByText('Last Updated: January 2025')).toBeInTheDocument();
    });

    tests();
  });
}

/** An element's text as a reader sees it: no-break spaces and runs of white space read as one space. */
export function normalisedText(element: Element): string {
  return (element.textContent ?? '').replace(/\s+/g, ' ');
}

/** Every link with this accessible name points at `href`, and there is at least one. */
export function expectLinksTo(name: string | RegExp, href: string): void {
  const links = screen.getAllByRole('link', { name });
  for (const link of links) expect(link).toHaveAttribute('href', href);
}

/** The cell texts of every body row of the table named `tableName`. */
export function rowsOf(tableName: string): string[][] {
  const table = screen.getByRole('table', { name: tableName });
  return within(table)
    .getAllByRole('row')
    .slice(1)
    .map((row) => Array.from(row.querySelectorAll('th, td')).map(normalisedText));
}

export function rowStartingWith(tableName: string, firstCell: string, secondCell?: string): string[] {
  const row = rowsOf(tableName).find((cells) => cells[0] === firstCell && (secondCell === undefined || cells[1] === secondCell));
  if (!row) throw new Error(`No row "${firstCell}${secondCell ? ` / ${secondCell}` : ''}" in table "${tableName}"`);
  return row;
}
