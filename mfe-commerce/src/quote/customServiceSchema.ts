import { number, object, string } from 'yup';
import {
  CUSTOM_NAME_TAKEN_MESSAGE,
  CUSTOM_PRICE_MAX_CENTS,
  CUSTOM_PRICE_MIN_CENTS,
  MAX_ITEM_NAME_LENGTH,
  QUANTITY_MAX,
  QUANTITY_MIN,
  isCatalogueServiceName,
} from '@kesho/common/catalogue';
import { dollarsToCents } from '@kesho/common/money';
import { isSafeOneLineText, UNSAFE_TEXT_MESSAGE } from '@kesho/common/text-rules';

const minDollars = CUSTOM_PRICE_MIN_CENTS / 100;
const maxDollars = CUSTOM_PRICE_MAX_CENTS / 100;

/** The custom service's messages, word for word as visitors read them (tests pin them). */
export const CUSTOM_SERVICE_MESSAGES = {
  name: 'Please enter a service name',
  nameTooLong: `Service name must be at most ${MAX_ITEM_NAME_LENGTH} characters`,
  nameCharacters: UNSAFE_TEXT_MESSAGE,
  nameTaken: CUSTOM_NAME_TAKEN_MESSAGE,
  price: `Price must be between $${minDollars} and $${maxDollars}`,
  priceCents: 'Enter the price in dollars and cents, with at most two decimal places',
  quantity: `Quantity must be a whole number from ${QUANTITY_MIN} to ${QUANTITY_MAX}`,
  added: 'Custom service added to cart',
} as const;

export interface CustomServiceValues {
  name: string;
  /** What the number field holds: a number, or '' while empty or not a number. */
  price: number | '';
  quantity: number;
}

export const initialCustomServiceValues: CustomServiceValues = { name: '', price: '', quantity: QUANTITY_MIN };

export const customServiceSchema = object({
  name: string()
    .trim()
    .required(CUSTOM_SERVICE_MESSAGES.name)
    .max(MAX_ITEM_NAME_LENGTH, CUSTOM_SERVICE_MESSAGES.nameTooLong)
    .test('safe-text', CUSTOM_SERVICE_MESSAGES.nameCharacters, isSafeOneLineText)
    .test('not-a-catalogue-name', CUSTOM_SERVICE_MESSAGES.nameTaken, (value) => value === undefined || !isCatalogueServiceName(value)),
  price: number()
    .typeError(CUSTOM_SERVICE_MESSAGES.price)
    .required(CUSTOM_SERVICE_MESSAGES.price)
    .min(minDollars, CUSTOM_SERVICE_MESSAGES.price)
    .max(maxDollars, CUSTOM_SERVICE_MESSAGES.price)
    .test('whole-cents', CUSTOM_SERVICE_MESSAGES.priceCents, (value) => value === undefined || dollarsToCents(value) !== null),
  quantity: number()
    .typeError(CUSTOM_SERVICE_MESSAGES.quantity)
    .required(CUSTOM_SERVICE_MESSAGES.quantity)
    .integer(CUSTOM_SERVICE_MESSAGES.quantity)
    .min(QUANTITY_MIN, CUSTOM_SERVICE_MESSAGES.quantity)
    .max(QUANTITY_MAX, CUSTOM_SERVICE_MESSAGES.quantity),
});
