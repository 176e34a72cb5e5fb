/**
 * The custom-service form's side of @kesho/site-rules/custom-service-schema: the rules and their messages
 * live there (the create-payment Lambda checks custom lines with them); this adds what only the form
 * has, its empty values and the toast after adding.
 */
import { QUANTITY_MIN } from '@kesho/site-rules/catalogue';
import { CUSTOM_SERVICE_MESSAGES as RULE_MESSAGES, customServiceSchema } from '@kesho/site-rules/custom-service-schema';

export { customServiceSchema };

export const CUSTOM_SERVICE_MESSAGES = {
  ...RULE_MESSAGES,
  added: 'Custom service added to cart',
} as const;

export interface CustomServiceValues {
  name: string;
  /** What the number field holds: a number, or '' while empty or not a number. */
  price: number | '';
  quantity: number;
}

export const initialCustomServiceValues: CustomServiceValues = { name: '', price: '', quantity: QUANTITY_MIN };
