/**
 * The checkout rules (required fields, formats, messages), written once: the checkout form validates with this schema and the
 * create-payment Lambda validates the same customer data with it again, so the two cannot drift. The
 * messages, limits and e-mail pattern live in checkout-fields.ts (no yup), re-exported here.
 */
import { boolean, object, string, ValidationError, type InferType } from 'yup';
import { CHECKOUT_LIMITS, CHECKOUT_MESSAGES, EMAIL_PATTERN } from './checkout-fields';
import { ENCODED_WORD_MESSAGE, hasNoEncodedWord, isSafeMultiLineText, isSafeOneLineText, UNSAFE_TEXT_MESSAGE } from './text-rules';

export * from './checkout-fields';

/** Digits with the usual separators and an optional leading "+", and enough digits to dial. */
const PHONE_PATTERN = /^\+?[\d ().-]+$/;
const PHONE_MIN_DIGITS = 7;

export const checkoutSchema = object({
  fullName: string()
    .trim()
    .required(CHECKOUT_MESSAGES.fullName)
    .min(CHECKOUT_LIMITS.fullNameMin, CHECKOUT_MESSAGES.fullName)
    .max(CHECKOUT_LIMITS.fullNameMax, `Full name must be at most ${CHECKOUT_LIMITS.fullNameMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeOneLineText)
    .test('no-encoded-word', ENCODED_WORD_MESSAGE, hasNoEncodedWord),
  email: string()
    .trim()
    .required(CHECKOUT_MESSAGES.email)
    .email(CHECKOUT_MESSAGES.email)
    .matches(EMAIL_PATTERN, { message: CHECKOUT_MESSAGES.email, excludeEmptyString: true })
    .test('safe-text', CHECKOUT_MESSAGES.email, isSafeOneLineText)
    // Written raw into To: and Reply-To:, where mail programs would decode it.
    .test('no-encoded-word', CHECKOUT_MESSAGES.email, hasNoEncodedWord)
    .max(CHECKOUT_LIMITS.emailMax, CHECKOUT_MESSAGES.email),
  phone: string()
    .trim()
    .required(CHECKOUT_MESSAGES.phone)
    .min(CHECKOUT_LIMITS.phoneMin, CHECKOUT_MESSAGES.phone)
    .matches(PHONE_PATTERN, { message: CHECKOUT_MESSAGES.phone, excludeEmptyString: true })
    .test('enough-digits', CHECKOUT_MESSAGES.phone, (value) => value === undefined || (value.match(/\d/g)?.length ?? 0) >= PHONE_MIN_DIGITS)
    .max(CHECKOUT_LIMITS.phoneMax, `Phone number must be at most ${CHECKOUT_LIMITS.phoneMax} characters`),
  companyName: string()
    .trim()
    .max(CHECKOUT_LIMITS.companyNameMax, `Company name must be at most ${CHECKOUT_LIMITS.companyNameMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeOneLineText)
    .test('no-encoded-word', ENCODED_WORD_MESSAGE, hasNoEncodedWord)
    .optional(),
  notes: string()
    .trim()
    .max(CHECKOUT_LIMITS.notesMax, `Additional notes must be at most ${CHECKOUT_LIMITS.notesMax} characters`)
    .test('safe-text', UNSAFE_TEXT_MESSAGE, isSafeMultiLineText)
    .optional(),
  acceptTerms: boolean().required(CHECKOUT_MESSAGES.acceptTerms).oneOf([true], CHECKOUT_MESSAGES.acceptTerms),
});

export type CheckoutData = InferType<typeof checkoutSchema>;

/**
 * A failed validation as the site reports it: the first message of each field (a field that breaks
 * two rules shows one), keyed by its path, and a rule of the whole object under `formKey`. Written
 * once, so the contact form, the leads Lambdas and the order Lambdas read yup's errors alike.
 * Anything else thrown is a fault, not an answer about the values, so it is thrown again.
 */
export function firstErrorPerField(error: unknown, formKey = 'form'): Record<string, string> {
  if (!ValidationError.isError(error)) throw error;
  const errors: Record<string, string> = {};
  // With abortEarly (yup's default) the error is the one failure and its inner is empty.
  for (const failure of error.inner.length > 0 ? error.inner : [error]) errors[failure.path || formKey] ??= failure.message;
  return errors;
}
