import { act, useRef, useState } from 'react';
import { hydrateRoot } from 'react-dom/client';
import { renderToString } from 'react-dom/server';
import { useTypedBeforeHydration } from '../src';

const FIELDS = ['name', 'country', 'notes'] as const;
type Values = Record<(typeof FIELDS)[number], string>;
const EMPTY: Values = { name: '', country: '', notes: '' };

let submitted: Values | null = null;

function EnquiryForm() {
  const formRef = useRef<HTMLFormElement>(null);
  const [values, setValues] = useState<Values>(EMPTY);
  const [renders, setRenders] = useState(0);
  useTypedBeforeHydration(formRef, FIELDS, (typed) => setValues((current) => ({ ...current, ...typed })));
  return (
    <form
      ref={formRef}
      onSubmit={(event) => {
        event.preventDefault();
        submitted = values;
      }}
    >
      <input aria-label="Name" name="name" value={values.name} onChange={(event) => setValues({ ...values, name: event.target.value })} />
      <select aria-label="Country" name="country" value={values.country} onChange={(event) => setValues({ ...values, country: event.target.value })}>
        <option value="">Select a country</option>
        <option value="canada">Canada</option>
      </select>
      <textarea aria-label="Notes" name="notes" value={values.notes} onChange={(event) => setValues({ ...values, notes: event.target.value })} />
      <input aria-label="Website" name="website" defaultValue="" />
      <button type="button" onClick={() => setRenders(renders + 1)}>
        Render again {renders}
      </button>
      <button type="submit">Send</button>
    </form>
  );
}

async function hydrateAfterTyping(type: (form: HTMLFormElement) => void) {
  const container = document.createElement('div');
  container.innerHTML = renderToString(<EnquiryForm />);
  document.body.append(container);
  const form = container.querySelector('form') as HTMLFormElement;
  type(form);
  await act(async () => {
    hydrateRoot(container, <EnquiryForm />);
  });
  return form;
}

const field = <T extends Element>(form: HTMLFormElement, name: string) => form.elements.namedItem(name) as unknown as T;

describe('text typed into the server HTML before hydration', () => {
  beforeEach(() => {
    submitted = null;
    document.body.innerHTML = '';
  });

  it('stays in the fields after the form renders again, and is what the form submits', async () => {
    const form = await hydrateAfterTyping((page) => {
      field<HTMLInputElement>(page, 'name').value = 'Achieng Otieno';
      field<HTMLSelectElement>(page, 'country').value = 'canada';
      field<HTMLTextAreaElement>(page, 'notes').value = 'Typed before the app started.';
    });
    await act(async () => (form.querySelector('button[type="button"]') as HTMLButtonElement).click());
    expect(field<HTMLInputElement>(form, 'name').value).toBe('Achieng Otieno');
    expect(field<HTMLSelectElement>(form, 'country').value).toBe('canada');
    expect(field<HTMLTextAreaElement>(form, 'notes').value).toBe('Typed before the app started.');
    await act(async () => form.requestSubmit());
    expect(submitted).toEqual({ name: 'Achieng Otieno', country: 'canada', notes: 'Typed before the app started.' });
  });

  it('adopts only the named fields the visitor changed', async () => {
    const form = await hydrateAfterTyping((page) => {
      field<HTMLInputElement>(page, 'website').value = 'spam.example';
      field<HTMLTextAreaElement>(page, 'notes').value = 'Only this.';
    });
    await act(async () => form.requestSubmit());
    expect(submitted).toEqual({ name: '', country: '', notes: 'Only this.' });
  });

  it('changes nothing when nothing was typed', async () => {
    const form = await hydrateAfterTyping(() => undefined);
    await act(async () => form.requestSubmit());
    expect(submitted).toEqual(EMPTY);
  });
});
