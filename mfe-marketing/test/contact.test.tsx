import '@testing-library/jest-dom';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { site } from '@kesho/site-rules/site';
import ContactPage from '../src/pages/ContactPage';
import { renderPage } from './support/renderPage';

const renderContact = () => renderPage(ContactPage, '/contact');

const field = {
  name: () => screen.getByRole('textbox', { name: 'Full name' }),
  email: () => screen.getByRole('textbox', { name: 'Email address' }),
  phone: () => screen.getByRole('textbox', { name: /^Phone number/ }),
  country: () => screen.getByRole('combobox', { name: 'Country you would like to study in' }),
  message: () => screen.getByRole('textbox', { name: 'Your message' }),
};

const send = () => screen.getByRole('button', { name: 'Send Message' });

/** The enquiries API as the form sees it: each test says what it answers and reads what was sent. */
const api = { status: 200, body: { status: 'sent' } as unknown, requests: [] as { url: string; init: RequestInit }[] };
beforeEach(() => {
  api.status = 200;
  api.body = { status: 'sent' };
  api.requests = [];
  globalThis.fetch = jest.fn(async (url: string | URL | Request, init?: RequestInit) => {
    api.requests.push({ url: String(url), init: init ?? {} });
    return { ok: api.status < 300, status: api.status, json: async () => api.body } as Response;
  }) as typeof fetch;
  if (!('timeout' in AbortSignal)) Object.assign(AbortSignal, { timeout: () => new AbortController().signal });
});

async function fillValidEnquiry(user: ReturnType<typeof userEvent.setup>) {
  await user.type(field.name(), 'Amani Wekesa');
  await user.type(field.email(), 'amani@example.com');
  await user.type(field.phone(), '+254 712 345 678');
  await user.selectOptions(field.country(), 'United Kingdom');
  await user.type(field.message(), 'I would like to study nursing in the UK from September.');
}

describe('the contact page', () => {
  it('has the heading "Contact Us"', () => {
    renderContact();
    expect(screen.getByRole('heading', { level: 1 })).toHaveTextContent('Contact Us');
  });

  it('has five labelled, required fields with the specified placeholders and input types', () => {
    renderContact();
    expect(field.name()).toHaveAttribute('placeholder', 'Your full name');
    expect(field.email()).toHaveAttribute('placeholder', 'you@example.com');
    expect(field.email()).toHaveAttribute('type', 'email');
    expect(field.phone()).toHaveAttribute('placeholder', '+254 7XX XXX XXX');
    expect(field.phone()).toHaveAttribute('type', 'tel');
    expect(field.message()).toHaveAttribute('placeholder', 'Tell us about your education goals');
    expect(field.message().tagName).toBe('TEXTAREA');
    for (const control of Object.values(field)) {
      expect(control()).toHaveAttribute('aria-required', 'true');
      expect(control()).not.toHaveAttribute('aria-invalid');
    }
  });

  it('offers exactly the specified countries after the "Select a country" placeholder', () => {
    renderContact();
    const options = within(field.country()).getAllByRole('option') as HTMLOptionElement[];
    expect(options.map((option) => [option.value, option.textContent])).toEqual([
      ['', 'Select a country'],
      ['canada', 'Canada'],
      ['uk', 'United Kingdom'],
      ['usa', 'United States'],
      ['australia', 'Australia'],
      ['uae', 'United Arab Emirates'],
      ['india', 'India'],
      ['other', 'Other / Not Sure'],
    ]);
    expect(field.country()).toHaveValue('');
  });

  it('lets the browser stay quiet so that the form shows its own messages', () => {
    const { container } = renderContact();
    expect(container.querySelector('form')).toHaveAttribute('novalidate');
  });

  it('shows no messages before the first submit', async () => {
    const { user } = renderContact();
    await user.click(field.name());
    await user.tab();
    expect(screen.queryByText('Please enter your full name')).not.toBeInTheDocument();
  });

  it('on an empty submit shows a message beside every field and focuses the first one', async () => {
    const { user, shell } = renderContact();
    // The first touch of the form: the submit waits for the form's validation (the shared schema) to arrive, then runs.
    await user.click(send());
    await waitFor(() => expect(field.name()).toHaveAttribute('aria-invalid', 'true'));
    const expected: [keyof typeof field, string][] = [
      ['name', 'Please enter your full name'],
      ['email', 'Please enter your email address'],
      ['phone', 'Please enter your phone number'],
      ['country', 'Please select a country you would like to study in, or choose Other / Not Sure'],
      ['message', 'Please tell us about your education goals'],
    ];
    for (const [name, message] of expected) {
      expect(field[name]()).toHaveAttribute('aria-invalid', 'true');
      expect(field[name]()).toHaveAccessibleDescription(expect.stringContaining(message));
    }
    expect(field.name()).toHaveFocus();
    expect(shell.toasts).toEqual([]);
  });

  it('keeps what was typed, explains the mistake and focuses the first invalid field', async () => {
    const { user, shell } = renderContact();
    await user.type(field.name(), 'Amani Wekesa');
    await user.type(field.email(), 'amani.example.com');
    await user.type(field.phone(), '+254 712 345 678');
    await user.click(send());

    expect(field.email()).toHaveFocus();
    expect(field.email()).toHaveAccessibleDescription('Error: Please enter a valid email address, like you@example.com');
    expect(field.name()).toHaveValue('Amani Wekesa');
    expect(field.email()).toHaveValue('amani.example.com');
    expect(field.phone()).toHaveValue('+254 712 345 678');
    expect(field.name()).not.toHaveAttribute('aria-invalid');
    expect(field.country()).toHaveAttribute('aria-invalid', 'true');
    expect(field.message()).toHaveAttribute('aria-invalid', 'true');
    expect(shell.toasts).toEqual([]);
  });

  it('clears a message once its field is corrected', async () => {
    const { user } = renderContact();
    await user.click(send());
    await user.type(field.name(), 'Amani Wekesa');
    await waitFor(() => expect(field.name()).not.toHaveAttribute('aria-invalid'));
    expect(screen.queryByText('Please enter your full name')).not.toBeInTheDocument();
    expect(screen.getByText('Please enter your email address')).toBeInTheDocument();
  });

  it('treats a message of spaces only as empty', async () => {
    const { user } = renderContact();
    await user.type(field.message(), '    ');
    await user.click(send());
    expect(field.message()).toHaveAttribute('aria-invalid', 'true');
  });

  it('is a real form post to the enquiries API, so it works before and without the script', () => {
    const { container } = renderContact();
    const form = container.querySelector('form');
    expect(form).toHaveAttribute('method', 'post');
    expect(form).toHaveAttribute('action', '/api/enquiries');
    for (const [name, control] of Object.entries(field)) expect(control()).toHaveAttribute('name', name);
  });

  it('on a valid submit sends the enquiry, clears every field and raises the success toast', async () => {
    const { user, shell } = renderContact();
    await fillValidEnquiry(user);
    await user.click(send());

    await waitFor(() => expect(shell.toasts).toHaveLength(1));
    expect(shell.toasts[0]).toEqual({
      message: 'Message Sent!',
      options: { description: "Thank you for contacting us. We'll get back to you within 24 hours.", variant: 'success' },
    });
    for (const control of Object.values(field)) {
      expect(control()).toHaveValue('');
      expect(control()).not.toHaveAttribute('aria-invalid');
    }
    expect(shell.navigations).toEqual([]);
    expect(api.requests).toHaveLength(1);
    expect(api.requests[0]?.url).toBe('/api/enquiries');
    expect(JSON.parse(String(api.requests[0]?.init.body))).toEqual({
      name: 'Amani Wekesa',
      email: 'amani@example.com',
      phone: '+254 712 345 678',
      country: 'uk',
      message: 'I would like to study nursing in the UK from September.',
      website: '',
    });
  });

  it('keeps every typed character and says why when the message could not be sent', async () => {
    const { user, shell } = renderContact();
    api.status = 429;
    api.body = { error: 'You have sent several messages in a short time. Please wait an hour and try again.' };
    await fillValidEnquiry(user);
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('You have sent several messages in a short time. Please wait an hour and try again. Your message is still in the form.');
    expect(field.message()).toHaveValue('I would like to study nursing in the UK from September.');
    expect(field.country()).toHaveValue('uk');
    expect(shell.toasts).toEqual([]);

    api.status = 200;
    api.body = { status: 'sent' };
    await user.click(send());
    await waitFor(() => expect(shell.toasts.map((toast) => toast.message)).toEqual(['Message Sent!']));
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows the server’s field messages beside the fields and keeps the text when the network fails', async () => {
    const { user, shell } = renderContact();
    api.status = 400;
    api.body = { error: 'Some details are missing or not valid.', fieldErrors: { phone: 'Please enter a phone number we can dial, like +254 712 345 678' } };
    await fillValidEnquiry(user);
    await user.click(send());
    await waitFor(() => expect(field.phone()).toHaveAccessibleDescription(expect.stringContaining('Please enter a phone number we can dial')));
    expect(field.phone()).toHaveFocus();

    globalThis.fetch = jest.fn(async () => {
      throw new TypeError('Failed to fetch');
    }) as typeof fetch;
    await user.click(send());
    expect(await screen.findByRole('alert')).toHaveTextContent('We could not send your message just now.');
    expect(field.name()).toHaveValue('Amani Wekesa');
    expect(shell.toasts).toEqual([]);
  });

  it('submits with the Enter key too', async () => {
    const { user, shell } = renderContact();
    await user.type(field.name(), 'Amani Wekesa');
    await user.type(field.email(), 'amani@example.com');
    await user.type(field.phone(), '+254712345678');
    await user.selectOptions(field.country(), 'other');
    await user.type(field.message(), 'Which countries suit my budget?');
    await user.click(field.phone());
    await user.keyboard('{Enter}');
    await waitFor(() => expect(shell.toasts.map((toast) => toast.message)).toEqual(['Message Sent!']));
  });

  it('shows how to reach the office, from the site configuration', () => {
    renderContact();
    expect(screen.getByRole('link', { name: site.phone.display })).toHaveAttribute('href', `tel:${site.phone.e164}`);
    expect(screen.getByRole('link', { name: site.email })).toHaveAttribute('href', `mailto:${site.email}`);
    expect(screen.getByText(site.registeredOffice.display)).toBeInTheDocument();
    expect(screen.getByText(site.postalAddress.display)).toBeInTheDocument();
    expect(screen.getByText(site.hours.display)).toBeInTheDocument();
    expect(screen.getByText('We reply to every message within 24 hours.')).toBeInTheDocument();
  });

  it('describes the office location in text, without a map image or frame', () => {
    const { container } = renderContact();
    expect(screen.getByRole('heading', { name: 'Find our office' })).toBeInTheDocument();
    expect(screen.getByText(site.registeredOffice.streetAddress)).toBeInTheDocument();
    expect(container.querySelector('iframe, img, picture, object, embed')).toBeNull();
  });
});
