import '@testing-library/jest-dom';
import { screen, waitFor } from '@testing-library/react';
import ContactPage from '../src/pages/ContactPage';
import { renderPage } from './support/renderPage';

// The form's validation (the shared schema) cannot be fetched, as on a connection that drops after the page arrived.
jest.mock('@kesho/site-rules/contact-schema', () => {
  throw new Error('Loading chunk contact-validation failed');
});

describe('the contact form when its code cannot be fetched', () => {
  it('does not drop the submit: the browser posts the form to the enquiries API as it does without JavaScript', async () => {
    const submit = jest.spyOn(HTMLFormElement.prototype, 'submit').mockImplementation(() => undefined);
    globalThis.fetch = jest.fn() as typeof fetch;
    const { user } = renderPage(ContactPage, '/contact');
    await user.type(screen.getByRole('textbox', { name: 'Full name' }), 'Amani Wekesa');
    await user.click(screen.getByRole('button', { name: 'Send Message' }));
    await waitFor(() => expect(submit).toHaveBeenCalledTimes(1));
    const form = submit.mock.contexts[0] as HTMLFormElement;
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/enquiries');
    expect(screen.getByRole('textbox', { name: 'Full name' })).toHaveValue('Amani Wekesa');
    expect(globalThis.fetch).not.toHaveBeenCalled();
  });
});
