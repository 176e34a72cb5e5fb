import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import ContactPage from '../src/pages/ContactPage';
import { renderPage } from './support/renderPage';

// What the schema does beyond its field rules, set by each test: a rule about the whole form, or a rule
// that crashes (a fault in the schema, not an answer about the values).
const mockExtraRule: { current: 'whole-form' | 'crash' } = { current: 'whole-form' };
const mockWholeFormMessage = 'Please tell us a little more';

jest.mock('@kesho/site-rules/contact-schema', () => {
  const actual = jest.requireActual<typeof import('@kesho/site-rules/contact-schema')>('@kesho/site-rules/contact-schema');
  // One schema for both tests: the form keeps the module it loaded once.
  const contactSchema = actual.contactSchema.test('extra', mockWholeFormMessage, () => {
    if (mockExtraRule.current === 'crash') throw new TypeError('a rule crashed');
    return false;
  });
  return { ...actual, contactSchema };
});

async function submitValidEnquiry() {
  const { user } = renderPage(ContactPage, '/contact');
  await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Amani Wekesa');
  await user.type(screen.getByRole('textbox', { name: 'Email address' }), 'amani@example.com');
  await user.type(screen.getByRole('textbox', { name: /^Phone number/ }), '+254 712 345 678');
  await user.selectOptions(screen.getByRole('combobox', { name: 'Country you would like to study in' }), 'United Kingdom');
  await user.type(screen.getByRole('textbox', { name: 'Your message' }), 'Nursing in the UK.');
  await user.click(screen.getByRole('button', { name: 'Send Message' }));
}

let submit: jest.SpyInstance;
beforeEach(() => {
  submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
  globalThis.fetch = jest.fn() as typeof fetch;
});
afterEach(() => submit.mockRestore());

describe('the contact form when the schema answers beyond its fields', () => {
  it('does not send when a rule of the whole form fails: it says so, and keeps the text', async () => {
    mockExtraRule.current = 'whole-form';
    await submitValidEnquiry();
    expect(await screen.findByRole('alert')).toHaveTextContent(mockWholeFormMessage);
    expect(globalThis.fetch).not.toHaveBeenCalled();
    expect(submit).not.toHaveBeenCalled();
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Amani Wekesa');
  });

  it('does not take a crashing rule for valid input: the browser posts the form and the server checks it', async () => {
    mockExtraRule.current = 'crash';
    await submitValidEnquiry();
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
