import { render, screen } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { Button, ButtonAnchor, ButtonLink, Link, tokens, useShell } from '../src';
import { FieldError, FieldLabel, SelectInput, TextArea, TextInput } from '../src/fields';
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

/** The CSS rule styled-components generated for an element's own class. */
const ruleOf = (element: HTMLElement) =>
  [...document.querySelectorAll('style')]
    .map((style) => style.textContent ?? '')
    .join('')
    .match(new RegExp(`\\.${element.classList[element.classList.length - 1]}\\{[^}]*\\}`))?.[0] ?? '';

describe('the touch-target token', () => {
  it('gives the kit’s buttons, button links and button anchors at least 44 CSS px of height', () => {
    render(
      <TestShell shell={createRecordingShell('/')}>
        <Button>Pay now</Button>
        <ButtonLink to="/contact">Contact Us</ButtonLink>
        <ButtonAnchor href="tel:+254700000000" $variant="secondary">
          Call us
        </ButtonAnchor>
      </TestShell>,
    );
    expect(tokens.touchTarget).toBe('2.75rem');
    expect(ruleOf(screen.getByRole('button', { name: 'Pay now' }))).toContain(`min-height:${tokens.touchTarget};`);
    expect(ruleOf(screen.getByRole('link', { name: 'Contact Us' }))).toContain(`min-height:${tokens.touchTarget};`);
    const call = screen.getByRole('link', { name: 'Call us' });
    expect(call).toHaveAttribute('href', 'tel:+254700000000');
    expect(ruleOf(call)).toContain(`min-height:${tokens.touchTarget};`);
  });

  it('draws every button in one look, the variant changing only its colours', () => {
    render(
      <TestShell shell={createRecordingShell('/')}>
        <Button>Solid</Button>
        <Button $variant="secondary">Outlined</Button>
        <ButtonAnchor href="mailto:info@example.com" $variant="inverseOutline">
          On dark
        </ButtonAnchor>
      </TestShell>,
    );
    const solid = ruleOf(screen.getByRole('button', { name: 'Solid' }));
    const outlined = ruleOf(screen.getByRole('button', { name: 'Outlined' }));
    const onDark = ruleOf(screen.getByRole('link', { name: 'On dark' }));
    for (const rule of [solid, outlined, onDark]) {
      expect(rule).toContain(`border:2px solid ${tokens.color.primary};`);
      expect(rule).toContain(`border-radius:${tokens.radius.md};`);
      expect(rule).toContain('font-weight:600;');
    }
    expect(solid).toContain(`background:${tokens.color.primary};`);
    expect(outlined).toContain(`background:${tokens.color.background};`);
    expect(onDark).toContain('background:transparent;');
    expect(onDark).toContain(`border-color:${tokens.color.inverseText};`);
  });
});

describe('the form field set', () => {
  it('gives every kind of control the same fingertip height and 2px border, in the error colour when invalid', () => {
    render(
      <>
        <FieldLabel htmlFor="name">Name</FieldLabel>
        <TextInput id="name" />
        <FieldLabel htmlFor="country">Country</FieldLabel>
        <SelectInput id="country">
          <option>Kenya</option>
        </SelectInput>
        <FieldLabel htmlFor="message">Message</FieldLabel>
        <TextArea id="message" $invalid aria-describedby="message-error" />
        <FieldError id="message-error">Please write a message</FieldError>
      </>,
    );
    const name = ruleOf(screen.getByLabelText('Name'));
    const country = ruleOf(screen.getByLabelText('Country'));
    const message = ruleOf(screen.getByLabelText('Message'));
    for (const rule of [name, country, message]) expect(rule).toContain(`min-height:${tokens.touchTarget};`);
    expect(name).toContain(`border:2px solid ${tokens.color.muted};`);
    expect(country).toContain(`border:2px solid ${tokens.color.muted};`);
    expect(message).toContain(`border:2px solid ${tokens.color.error};`);
    expect(screen.getByLabelText('Message')).toHaveAccessibleDescription('Please write a message');
    expect(ruleOf(screen.getByText('Please write a message'))).toContain(`color:${tokens.color.error};`);
  });
});
