/**
 * @jest-environment jsdom
 */
import { fieldsTypedBeforeHydration } from '../src/typed-before-hydration';

/** The form as the server's HTML has it: what the browser parsed is each field's default. */
function prerenderedForm(): HTMLFormElement {
  document.body.innerHTML = `
    <form>
      <input name="name" value="">
      <input name="price" type="number" value="">
      <input name="quantity" type="range" min="1" max="10" value="1">
      <select name="country"><option value="" selected>Select a country</option><option value="canada">Canada</option></select>
      <textarea name="message"></textarea>
      <input name="website" value="">
      <input name="terms" type="checkbox">
    </form>`;
  return document.querySelector('form') as HTMLFormElement;
}

const FIELDS = ['name', 'price', 'quantity', 'country', 'message', 'terms', 'missing'] as const;

describe('fieldsTypedBeforeHydration', () => {
  it('returns what the visitor typed, chose or slid, by field name', () => {
    const form = prerenderedForm();
    (form.elements.namedItem('name') as HTMLInputElement).value = 'Portfolio review';
    (form.elements.namedItem('price') as HTMLInputElement).value = '120';
    (form.elements.namedItem('quantity') as HTMLInputElement).value = '4';
    (form.elements.namedItem('country') as HTMLSelectElement).value = 'canada';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Typed early.';
    expect(fieldsTypedBeforeHydration(form, FIELDS)).toEqual({
      name: 'Portfolio review',
      price: '120',
      quantity: '4',
      country: 'canada',
      message: 'Typed early.',
    });
  });

  it('leaves out fields the visitor did not change, fields it was not asked about and missing ones', () => {
    const form = prerenderedForm();
    (form.elements.namedItem('website') as HTMLInputElement).value = 'spam.example';
    (form.elements.namedItem('message') as HTMLTextAreaElement).value = 'Only this.';
    expect(fieldsTypedBeforeHydration(form, FIELDS)).toEqual({ message: 'Only this.' });
  });

  it('returns nothing for an untouched form, and never reads a checkbox as text', () => {
    const form = prerenderedForm();
    (form.elements.namedItem('terms') as HTMLInputElement).checked = true;
    expect(fieldsTypedBeforeHydration(form, FIELDS)).toEqual({});
  });

  it('notices a field cleared back to empty from a value the server put there', () => {
    const form = prerenderedForm();
    const quantity = form.elements.namedItem('quantity') as HTMLInputElement;
    quantity.value = '1';
    expect(fieldsTypedBeforeHydration(form, ['quantity'])).toEqual({});
    const name = form.elements.namedItem('name') as HTMLInputElement;
    name.defaultValue = 'From the server';
    name.value = '';
    expect(fieldsTypedBeforeHydration(form, ['name'])).toEqual({ name: '' });
  });
});
