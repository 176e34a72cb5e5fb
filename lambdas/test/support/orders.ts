/** Request bodies for create-payment, priced like the browser prices them (dollars). */
import { findCatalogueService } from '@kesho/common/catalogue';

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
