import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ButtonLink, Link, tokens, useShell } from '../src';
import { TestShell, createRecordingShell } from '../src/testing';

describe('Link', () => {
  it('is a real link that navigates through the shell on a plain click', async () => {
    const shell = createRecordingShell('/');
    render(
      <TestShell shell={shell}>
        <Link to="/pricing">Pricing</Link>
      </TestShell>,
    );
    const link = screen.getByRole('link', { name: 'Pricing' });
    expect(link).toHaveAttribute('href', '/pricing');
    await userEvent.click(link);
    expect(shell.navigations).toEqual(['/pricing']);
  });

  it('leaves modified clicks and new-tab links to the browser', async () => {
    const shell = createRecordingShell('/');
    render(
      <TestShell shell={shell}>
        <Link to="/terms" target="_blank">
          Terms
        </Link>
        <Link to="/faq">FAQ</Link>
      </TestShell>,
    );
    const user = userEvent.setup();
    await user.click(screen.getByRole('link', { name: 'Terms' }));
    await user.keyboard('{Control>}');
    await user.click(screen.getByRole('link', { name: 'FAQ' }));
    await user.keyboard('{/Control}');
    expect(shell.navigations).toEqual([]);
  });
});

describe('useShell', () => {
  it('raises a clear error outside the shell', () => {
    jest.spyOn(console, 'error').mockImplementation(() => undefined);
    function Orphan() {
      useShell();
      return null;
    }
    expect(() => render(<Orphan />)).toThrow('useShell must be used inside the shell');
  });
});

describe('the touch-target token', () => {
  const ruleOf = (element: HTMLElement) =>
    [...document.querySelectorAll('style')]
      .map((style) => style.textContent ?? '')
      .join('')
      .match(new RegExp(`\\.${element.classList[element.classList.length - 1]}\\{[^}]*\\}`))?.[0] ?? '';

  it('gives the kit’s buttons and button links at least 44 CSS px of height', () => {
    render(
      <TestShell shell={createRecordingShell('/')}>
        <Button>Pay now</Button>
        <ButtonLink to="/contact">Contact Us</ButtonLink>
      </TestShell>,
    );
    expect(tokens.touchTarget).toBe('2.75rem');
    expect(ruleOf(screen.getByRole('button', { name: 'Pay now' }))).toContain(`min-height:${tokens.touchTarget};`);
    expect(ruleOf(screen.getByRole('link', { name: 'Contact Us' }))).toContain(`min-height:${tokens.touchTarget};`);
  });
});
