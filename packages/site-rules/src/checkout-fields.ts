/**
 * The checkout's exact messages, limits and e-mail pattern, without yup: what code that reports a
 * checkout field's problem needs without validating (the Stripe provider of every card Lambda, which
 * maps Stripe's refusal of an e-mail address to the form's message). checkout-schema.ts validates with
 * them and re-exports them.
 */
export const CHECKOUT_MESSAGES = {
  fullName: 'Full name is required',
  email: 'Invalid email address',
  phone: 'Valid phone number is required',
  acceptTerms: 'You must accept the terms and conditions',
  formInvalid: 'Please fix the errors in the form',
} as const;

export const CHECKOUT_LIMITS = {
  fullNameMin: 2,
  fullNameMax: 100,
  emailMax: 254,
  phoneMin: 10,
  phoneMax: 30,
  companyNameMax: 120,
  notesMax: 1000,
} as const;

/**
 * A mailbox Stripe also accepts: one "@", a local part and a domain of dot-separated labels with at
 * least one dot ("a@b" is refused), no spaces, quotes or angle brackets.
 */
export const EMAIL_PATTERN = /^[^\s@"<>(),;:\\[\]]+@(?:[^\s@"<>(),;:\\[\].]+\.)+[^\s@"<>(),;:\\[\].]{2,}$/u;
