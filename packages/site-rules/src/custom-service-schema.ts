/**
 * The rules of a custom service and their exact messages, written once: the quote builder's
 * custom-service form validates with `customServiceSchema`, and the create-payment and M-Pesa Lambdas
 * check every order line with the same predicates and messages (the name and quantity rules hold for
 * catalogue lines too; a catalogue line's price is the catalogue's).
 */
import { number, object, string } from 'yup';
import {
  CUSTOM_NAME_TAKEN_MESSAGE,
  CUSTOM_PRICE_MAX_CENTS,
  CUSTOM_PRICE_MIN_CENTS,
  MAX_ITEM_NAME_LENGTH,
  QUANTITY_MAX,
  QUANTITY_MIN,
  isCatalogueServiceName,
  type ConfusableSkeleton,
} from './catalogue';
import { dollarsToCents } from './money';
import { ENCODED_WORD_MESSAGE, hasNoEncodedWord, isSafeOneLineText, UNSAFE_TEXT_MESSAGE } from './text-rules';

const minDollars = CUSTOM_PRICE_MIN_CENTS / 100;
const maxDollars = CUSTOM_PRICE_MAX_CENTS / 100;

export const CUSTOM_SERVICE_MESSAGES = {
  name: 'Please enter a service name',
  nameTooLong: `Service name must be at most ${MAX_ITEM_NAME_LENGTH} characters`,
  nameCharacters: UNSAFE_TEXT_MESSAGE,
  nameEncodedWord: ENCODED_WORD_MESSAGE,
  nameTaken: CUSTOM_NAME_TAKEN_MESSAGE,
  price: `Price must be between $${minDollars} and $${maxDollars}`,
  /** The form's field holds dollars: more than two decimals cannot be charged. */
  priceCents: 'Enter the price in dollars and cents, with at most two decimal places',
  quantity: `Quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`,
} as const;

/**
 * What is wrong with a service's name (trimmed first), or null: blank, then too long, then hidden or
 * control characters (they would reach the provider's page and receipts, and could disguise a name),
 * then an encoded word, then, for a custom service only, a catalogue service's name (a custom line must
 * never pass for one): with `skeleton` (the server's, Unicode TR39) also any look-alike of one.
 */
export function serviceNameProblem(name: string, kind: 'custom' | 'catalogue', skeleton?: ConfusableSkeleton): string | null {
  const trimmed = name.trim();
  if (!trimmed) return CUSTOM_SERVICE_MESSAGES.name;
  if (trimmed.length > MAX_ITEM_NAME_LENGTH) return CUSTOM_SERVICE_MESSAGES.nameTooLong;
  if (!isSafeOneLineText(trimmed)) return CUSTOM_SERVICE_MESSAGES.nameCharacters;
  if (!hasNoEncodedWord(trimmed)) return CUSTOM_SERVICE_MESSAGES.nameEncodedWord;
  if (kind === 'custom' && isCatalogueServiceName(trimmed, skeleton)) return CUSTOM_SERVICE_MESSAGES.nameTaken;
  return null;
}

/** A custom service costs 25–2500 USD (whole cents). */
export function isCustomPriceCents(cents: number): boolean {
  return Number.isInteger(cents) && cents >= CUSTOM_PRICE_MIN_CENTS && cents <= CUSTOM_PRICE_MAX_CENTS;
}

/** Every order line: a whole number from 1 to 10. */
export function isAllowedQuantity(quantity: unknown): quantity is number {
  return typeof quantity === 'number' && Number.isInteger(quantity) && quantity >= QUANTITY_MIN && quantity <= QUANTITY_MAX;
}

/** The custom-service form: the price field holds dollars, the other two what the visitor typed. */
export const customServiceSchema = object({
  name: string()
    .trim()
    .test('service-name', CUSTOM_SERVICE_MESSAGES.name, function checkName(value) {
      const problem = serviceNameProblem(value ?? '', 'custom');
      return problem === null || this.createError({ message: problem });
    }),
  price: number()
    .typeError(CUSTOM_SERVICE_MESSAGES.price)
    .required(CUSTOM_SERVICE_MESSAGES.price)
    // In dollars, as typed: 24.999 is below the range, 25.001 is in it but not whole cents.
    .min(minDollars, CUSTOM_SERVICE_MESSAGES.price)
    .max(maxDollars, CUSTOM_SERVICE_MESSAGES.price)
    .test('whole-cents', CUSTOM_SERVICE_MESSAGES.priceCents, (value) => value === undefined || dollarsToCents(value) !== null),
  quantity: number()
    .typeError(CUSTOM_SERVICE_MESSAGES.quantity)
    .required(CUSTOM_SERVICE_MESSAGES.quantity)
    .test('allowed-quantity', CUSTOM_SERVICE_MESSAGES.quantity, (value) => value === undefined || isAllowedQuantity(value)),
});
