import { object, string } from 'yup';
import { checkoutSchema, CHECKOUT_MESSAGES, firstErrorPerField } from '../src/checkout-schema';
import { contactMessages, contactSchema, firstErrorPerField as fromContactSchema } from '../src/contact-schema';

const caught = (run: () => unknown): unknown => {
  try {
    run();
  } catch (error) {
    return error;
  }
  throw new Error('the validation passed');
};

const code = object({ code: string().min(3, 'Too short').matches(/^\d+$/, 'Digits only') });

describe('firstErrorPerField (the one reading of a failed validation)', () => {
  it('is the helper the contact schema hands to the form and the leads Lambdas', () => {
    expect(fromContactSchema).toBe(firstErrorPerField);
  });

  it('keeps the first message of a field that breaks several rules', () => {
    expect(firstErrorPerField(caught(() => code.validateSync({ code: 'x' }, { abortEarly: false })))).toEqual({ code: 'Too short' });
  });

  it('names every field a schema refuses, with its own message', () => {
    const error = caught(() => contactSchema.validateSync({ name: ' ', email: '', phone: '', country: '', message: '' }, { abortEarly: false }));
    expect(firstErrorPerField(error)).toEqual({
      name: contactMessages.nameRequired,
      email: contactMessages.emailRequired,
      phone: contactMessages.phoneRequired,
      country: contactMessages.countryRequired,
      message: contactMessages.messageRequired,
    });
    expect(firstErrorPerField(caught(() => checkoutSchema.validateSync({ fullName: 'Amina Njeri', email: 'x', phone: '+254 712 345 678', acceptTerms: true })))).toEqual({
      email: CHECKOUT_MESSAGES.email,
    });
  });

  it('reads the single failure yup gives when it stops early (its inner is empty)', () => {
    const error = caught(() => code.validateSync({ code: 'x' }));
    expect((error as { inner: unknown[] }).inner).toEqual([]);
    expect(firstErrorPerField(error)).toEqual({ code: 'Too short' });
  });

  it('puts a rule of the whole object under the form key, which the caller may name', () => {
    const whole = code.test('whole', 'Something about the whole form', () => false);
    expect(firstErrorPerField(caught(() => whole.validateSync({ code: '123' }, { abortEarly: false })))).toEqual({ form: 'Something about the whole form' });
    expect(firstErrorPerField(caught(() => whole.validateSync({ code: '123' })))).toEqual({ form: 'Something about the whole form' });
    expect(
      firstErrorPerField(
        caught(() => code.validateSync(null)),
        'customerData',
      ),
    ).toEqual({ customerData: 'this cannot be null' });
  });

  it('throws anything that is not a ValidationError again, unchanged', () => {
    const fault = new TypeError('a rule crashed');
    const crashing = object({ code: string().test('crash', 'never shown', () => Promise.reject(fault)) });
    return expect(crashing.validate({ code: '1' }, { abortEarly: false }).catch(firstErrorPerField)).rejects.toBe(fault);
  });

  it('throws values that are not errors at all again', () => {
    expect(() => firstErrorPerField('offline')).toThrow('offline');
    expect(() => firstErrorPerField(undefined)).toThrow();
  });
});
