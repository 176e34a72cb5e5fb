/** Request bodies for create-payment, priced like the browser prices them (dollars). */
import { findCatalogueService } from '@kesho/site-rules/catalogue';
import type { Order, OrderDraft } from '../../src/orders/types';

export interface WireItem {
  id: string;
  name: string;
  price: number;
  quantity: number;
}

export function catalogueItem(id: string, quantity = 1): WireItem {
  const service = findCatalogueService(id);
  if (!service) throw new Error(`No catalogue service ${id}`);
  return { id, name: service.name, price: service.priceCents / 100, quantity };
}

export const validCustomer = {
  fullName: 'Amani Wanjiru',
  email: 'amani@example.com',
  phone: '+254712345678',
  companyName: '',
  notes: 'Looking at universities in Canada.',
  acceptTerms: true,
};

export function validOrder(items: WireItem[] = [catalogueItem('essay-editing', 2), catalogueItem('visa-guidance')]): {
  items: WireItem[];
  customerData: typeof validCustomer;
} {
  return { items, customerData: { ...validCustomer } };
}

const STORED_AT = '2026-01-01T00:00:00.000Z';

/** An order as the store holds it once made from `draft` (pending, INV-00000001), with `overrides`. */
export function storedOrder(draft: OrderDraft, overrides: Partial<Order> = {}): Order {
  return {
    ...draft,
    orderId: 'order-1',
    invoiceNumber: 'INV-00000001',
    status: 'pending',
    currency: 'usd',
    createdAt: STORED_AT,
    updatedAt: STORED_AT,
    termsAcceptedAt: STORED_AT,
    ...overrides,
  };
}
