import type { ComponentType } from 'react';
import { render } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { TestShell, createRecordingShell } from '@kesho/shell-kit/testing';

/**
 * Renders a page the way the shell does: inside the shell context at `pathname`, nothing else around
 * it. Returns the recording shell (what the page asked of it), a user to act with, and the render.
 */
export function renderPage(Page: ComponentType, pathname = '/') {
  const shell = createRecordingShell(pathname);
  const user = userEvent.setup();
  const view = render(
    <TestShell shell={shell}>
      <Page />
    </TestShell>,
  );
  return { shell, user, ...view };
}
