/**
 * Turns the browser's create-payment body into an order the server is willing to charge. The server
 * never trusts the browser's prices: catalogue lines are priced from @kesho/site-rules/catalogue by id,
 * custom lines only within the custom range, and the customer data passes the very schema the
 * checkout form uses. The browser's price is still checked, so a stale or tampered cart is refused
 * (409) instead of silently charging an amount the customer did not see.
 */
import { CUSTOM_ID_PREFIX, MAX_CART_LINES, findCatalogueService, isCustomItemId, orderLineLabel } from '@kesho/site-rules/catalogue';
import { CHECKOUT_MESSAGES, checkoutSchema, firstErrorPerField } from '@kesho/site-rules/checkout-schema';
import { CUSTOM_SERVICE_MESSAGES, isAllowedQuantity, isCustomPriceCents, serviceNameProblem } from '@kesho/site-rules/custom-service-schema';
import { dollarsToCents } from '@kesho/site-rules/money';
import { confusableSkeleton } from './confusables';
import type { CustomerDetails, OrderDraft, OrderLine } from './types';

/** The answer to an order the rules refuse (the field errors say which fields); card and M-Pesa alike. */
export const INVALID_ORDER_MESSAGE = 'Some order details are not valid. Please review your package and checkout details.';

export type OrderRequestResult =
  | { readonly kind: 'valid'; readonly draft: OrderDraft }
  | { readonly kind: 'invalid'; readonly fieldErrors: Readonly<Record<string, string>> }
  | { readonly kind: 'price-mismatch'; readonly serviceNames: readonly string[] };

export const ORDER_MESSAGES = {
  items: 'Add at least one service to your order',
  tooManyItems: `An order can have at most ${MAX_CART_LINES} services`,
  item: 'Each service needs an id, a name, a price and a quantity',
  id: 'Choose a service from the catalogue or add a custom service',
  unknownService: 'This service is not in our catalogue',
  duplicate: 'This service is already in your order',
  // A custom line's price and every quantity follow the custom-service form's rules (a line's name gets
  // its message from serviceNameProblem).
  price: 'Price must be an amount in US dollars with at most two decimals',
  customPrice: CUSTOM_SERVICE_MESSAGES.price,
  quantity: CUSTOM_SERVICE_MESSAGES.quantity,
  customerData: 'Enter your checkout details',
  companyName: 'Company name must be text',
  notes: 'Additional notes must be text',
} as const;

const MAX_ID_LENGTH = 100;
const CUSTOM_ID_PATTERN = new RegExp(`^${CUSTOM_ID_PREFIX}[A-Za-z0-9_-]{1,${MAX_ID_LENGTH - CUSTOM_ID_PREFIX.length}}$`);

export function parseOrderRequest(body: unknown): OrderRequestResult {
  const fieldErrors: Record<string, string> = {};
  const addError = (key: string, message: string): void => {
    fieldErrors[key] ??= message;
  };
  const record = isPlainObject(body) ? body : {};

  const { lines, mismatches } = parseItems(record.items, addError);
  const customer = parseCustomer(record.customerData, addError);

  if (Object.keys(fieldErrors).length > 0 || !customer) return { kind: 'invalid', fieldErrors };
  if (mismatches.length > 0) return { kind: 'price-mismatch', serviceNames: mismatches };
  const totalCents = lines.reduce((sum, line) => sum + line.amountCents, 0);
  return { kind: 'valid', draft: { lines, totalCents, customer } };
}

function parseItems(items: unknown, addError: (key: string, message: string) => void): { lines: OrderLine[]; mismatches: string[] } {
  const lines: OrderLine[] = [];
  const mismatches: string[] = [];
  if (!Array.isArray(items) || items.length === 0) {
    addError('items', ORDER_MESSAGES.items);
    return { lines, mismatches };
  }
  if (items.length > MAX_CART_LINES) {
    addError('items', ORDER_MESSAGES.tooManyItems);
    return { lines, mismatches };
  }
  const seenIds = new Set<string>();
  items.forEach((item: unknown, index) => {
    const at = `items[${index}]`;
    if (!isPlainObject(item)) {
      addError(at, ORDER_MESSAGES.item);
      return;
    }
    const line = parseItem(item, at, addError);
    if (!line) return;
    if (seenIds.has(line.id)) {
      addError(`${at}.id`, ORDER_MESSAGES.duplicate);
      return;
    }
    seenIds.add(line.id);
    lines.push(line.line);
    if (line.priceMismatch) mismatches.push(line.line.name);
  });
  return { lines, mismatches };
}

function parseItem(
  item: Readonly<Record<string, unknown>>,
  at: string,
  addError: (key: string, message: string) => void,
): { id: string; line: OrderLine; priceMismatch: boolean } | undefined {
  const problems: string[] = [];
  const fail = (field: string, message: string): void => {
    addError(`${at}.${field}`, message);
    problems.push(field);
  };

  const id = typeof item.id === 'string' ? item.id : '';
  const service = findCatalogueService(id);
  const custom = !service && isCustomItemId(id);
  if (!id || id.length > MAX_ID_LENGTH) fail('id', ORDER_MESSAGES.id);
  else if (custom && !CUSTOM_ID_PATTERN.test(id)) fail('id', ORDER_MESSAGES.id);
  else if (!service && !custom) fail('id', ORDER_MESSAGES.unknownService);

  const name = typeof item.name === 'string' ? item.name.trim() : '';
  const nameProblem = serviceNameProblem(name, custom ? 'custom' : 'catalogue', confusableSkeleton);
  if (nameProblem) fail('name', nameProblem);

  const sentCents = dollarsToCents(item.price);
  if (sentCents === null || sentCents < 0) fail('price', ORDER_MESSAGES.price);
  else if (custom && !isCustomPriceCents(sentCents)) fail('price', ORDER_MESSAGES.customPrice);

  const quantity = item.quantity;
  if (!isAllowedQuantity(quantity)) fail('quantity', ORDER_MESSAGES.quantity);

  if (problems.length > 0 || sentCents === null || !isAllowedQuantity(quantity)) return undefined;
  const unitAmountCents = service ? service.priceCents : sentCents;
  return {
    id,
    // A custom line's name carries its "Custom: " label, so every place that shows the order says so.
    line: { id, name: service ? service.name : orderLineLabel({ id, name }), unitAmountCents, quantity, amountCents: unitAmountCents * quantity },
    priceMismatch: service !== undefined && sentCents !== service.priceCents,
  };
}

type CheckoutField = 'fullName' | 'email' | 'phone' | 'companyName' | 'notes' | 'acceptTerms';

/**
 * yup casts before it validates (a number becomes a string, "true" becomes true) and words its type
 * errors for developers. Types are therefore checked first, in the schema's own words, and only
 * well-typed values reach the schema, whose messages are then used unchanged.
 */
const TYPE_MESSAGES: Readonly<Record<CheckoutField, string>> = {
  fullName: CHECKOUT_MESSAGES.fullName,
  email: CHECKOUT_MESSAGES.email,
  phone: CHECKOUT_MESSAGES.phone,
  companyName: ORDER_MESSAGES.companyName,
  notes: ORDER_MESSAGES.notes,
  acceptTerms: CHECKOUT_MESSAGES.acceptTerms,
};
const OPTIONAL_FIELDS: ReadonlySet<CheckoutField> = new Set(['companyName', 'notes']);

function parseCustomer(customerData: unknown, addError: (key: string, message: string) => void): CustomerDetails | undefined {
  if (!isPlainObject(customerData)) {
    addError('customerData', ORDER_MESSAGES.customerData);
    return undefined;
  }
  const candidate: Partial<Record<CheckoutField, string | boolean>> = {};
  let typeErrors = false;
  for (const field of Object.keys(TYPE_MESSAGES) as CheckoutField[]) {
    const value = customerData[field];
    if (value === undefined || (value === null && OPTIONAL_FIELDS.has(field))) continue;
    const expected = field === 'acceptTerms' ? 'boolean' : 'string';
    if (typeof value === expected) {
      candidate[field] = value as string | boolean;
    } else {
      addError(`customerData.${field}`, TYPE_MESSAGES[field]);
      typeErrors = true;
    }
  }
  try {
    // Synchronous and without stack traces: the schema has no async tests, and capturing a stack for
    // every rejected field was most of the cost of a 400.
    const valid = checkoutSchema.validateSync(candidate, { abortEarly: false, stripUnknown: true, disableStackTrace: true });
    if (typeErrors) return undefined;
    return {
      fullName: valid.fullName,
      email: valid.email,
      phone: valid.phone,
      ...(valid.companyName ? { companyName: valid.companyName } : {}),
      ...(valid.notes ? { notes: valid.notes } : {}),
    };
  } catch (error) {
    for (const [path, message] of Object.entries(firstErrorPerField(error, ''))) addError(path ? `customerData.${path}` : 'customerData', message);
    return undefined;
  }
}

function isPlainObject(value: unknown): value is Readonly<Record<string, unknown>> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

export function priceMismatchMessage(serviceNames: readonly string[]): string {
  const list = serviceNames.join(', ');
  return `The price of ${list} has changed since you built your package. Please review your package and try again.`;
}
