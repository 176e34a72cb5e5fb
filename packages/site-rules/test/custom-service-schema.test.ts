import { ValidationError } from 'yup';
import { dollarsToCents } from '../src/money';
import { CUSTOM_SERVICE_MESSAGES, customServiceSchema, isAllowedQuantity, isCustomPriceCents, serviceNameProblem } from '../src/custom-service-schema';

type Field = 'name' | 'price' | 'quantity';

/** One value of one field (the others valid) and the message the visitor gets, or null when accepted. */
const CASES: ReadonlyArray<readonly [Field, unknown, string | null]> = [
  ['name', 'Visa appeal support', null],
  ['name', '  Visa appeal support  ', null],
  ['name', 'x'.repeat(120), null],
  ['name', 'Zoë’s résumé review', null],
  ['name', '', 'Please enter a service name'],
  ['name', '   ', 'Please enter a service name'],
  ['name', 'x'.repeat(121), 'Service name must be at most 120 characters'],
  ['name', `${'x'.repeat(121)}\u202e`, 'Service name must be at most 120 characters'],
  ['name', 'Visa\u202eappeal', 'Please remove hidden or control characters'],
  ['name', 'Visa\u200bappeal', 'Please remove hidden or control characters'],
  ['name', 'line one\nline two', 'Please remove hidden or control characters'],
  ['name', 'VIP Unlimited', 'This name belongs to one of our services: choose it from the list or give yours another name'],
  ['name', 'vip-unlimited', 'This name belongs to one of our services: choose it from the list or give yours another name'],
  ['name', 'Custom: Essay Editing', 'This name belongs to one of our services: choose it from the list or give yours another name'],
  ['name', 'Ｖｉｐ  Unlimited', 'This name belongs to one of our services: choose it from the list or give yours another name'],
  ['price', 25, null],
  ['price', 2500, null],
  ['price', 99.99, null],
  ['price', 24.99, 'Price must be between $25 and $2500'],
  ['price', 24.999, 'Price must be between $25 and $2500'],
  ['price', 2500.01, 'Price must be between $25 and $2500'],
  ['price', '', 'Price must be between $25 and $2500'],
  ['price', 'twenty', 'Price must be between $25 and $2500'],
  ['price', 25.005, 'Enter the price in dollars and cents, with at most two decimal places'],
  ['quantity', 1, null],
  ['quantity', 10, null],
  ['quantity', 0, 'Quantity must be a whole number from 1 to 10'],
  ['quantity', 11, 'Quantity must be a whole number from 1 to 10'],
  ['quantity', 2.5, 'Quantity must be a whole number from 1 to 10'],
  ['quantity', '', 'Quantity must be a whole number from 1 to 10'],
];

const VALID = { name: 'Visa appeal support', price: 120, quantity: 2 };

/** The message the form shows for a field: the schema's first error at that path. */
function formMessage(field: Field, value: unknown): string | null {
  try {
    customServiceSchema.validateSync({ ...VALID, [field]: value }, { abortEarly: false });
    return null;
  } catch (error) {
    if (!(error instanceof ValidationError)) throw error;
    return error.inner.find((failure) => failure.path === field)?.message ?? null;
  }
}

/** What the server's checks of a custom line say about the same value. */
function serverMessage(field: Field, value: unknown): string | null | 'not-whole-cents' {
  if (field === 'name') return serviceNameProblem(String(value), 'custom');
  if (field === 'quantity') return isAllowedQuantity(value) ? null : CUSTOM_SERVICE_MESSAGES.quantity;
  const cents = dollarsToCents(value);
  if (cents === null) return typeof value === 'number' ? 'not-whole-cents' : CUSTOM_SERVICE_MESSAGES.price;
  return isCustomPriceCents(cents) ? null : CUSTOM_SERVICE_MESSAGES.price;
}

describe('custom-service rules, one table for the form and the server', () => {
  test.each(CASES)('the form says, for %s = %j: %s', (field, value, message) => {
    expect(formMessage(field, value)).toBe(message);
  });

  test.each(CASES)('the server agrees, for %s = %j: %s', (field, value, message) => {
    const server = serverMessage(field, value);
    // More than two decimals is refused by the server as a malformed amount, in its own (wire) words.
    if (server === 'not-whole-cents') expect(message === null || message === CUSTOM_SERVICE_MESSAGES.priceCents || message === CUSTOM_SERVICE_MESSAGES.price).toBe(true);
    else expect(server).toBe(message);
  });

  test('a catalogue line may carry its catalogue name; the other name rules still hold', () => {
    expect(serviceNameProblem('VIP Unlimited', 'catalogue')).toBeNull();
    expect(serviceNameProblem('   ', 'catalogue')).toBe(CUSTOM_SERVICE_MESSAGES.name);
    expect(serviceNameProblem('VIP\u202eUnlimited', 'catalogue')).toBe(CUSTOM_SERVICE_MESSAGES.nameCharacters);
  });

  test('accepts a whole valid form and hands back the trimmed name', () => {
    expect(customServiceSchema.validateSync({ name: '  Visa appeal  ', price: 25, quantity: 1 })).toEqual({ name: 'Visa appeal', price: 25, quantity: 1 });
  });
});
