import { useEffect, useRef, useState } from 'react';
import { useCart } from '../cart';
import { readCheckoutDraft, removeCheckoutData } from '../checkout/checkoutDraft';
import type { InvoiceCustomer, InvoiceLine } from '../payment/PrintableInvoice';
import { isUnsuccessful, type CheckoutLookup } from './useCheckoutLookup';

export interface PurchaseRecord {
  /** What the cart held when it was emptied, for the printable invoice when the server's lines are not known. */
  readonly purchased: { readonly lines: readonly InvoiceLine[]; readonly totalCents: number } | null;
  /** The saved checkout details, for the invoice's "billed to". */
  readonly customer: InvoiceCustomer | null;
}

/**
 * Empties the cart and the saved checkout details once the payment is known to have gone through (or
 * cannot be checked), keeping a copy of both for the printable invoice. A failed or expired session,
 * or one the server does not know, keeps them, so /payment-failure and /payment can offer a retry.
 */
export function useClearCartOncePaid(lookup: CheckoutLookup): PurchaseRecord {
  const cart = useCart();
  const cleared = useRef(false);
  const [purchased, setPurchased] = useState<PurchaseRecord['purchased']>(null);
  const [customer, setCustomer] = useState<InvoiceCustomer | null>(null);

  const shouldClear = lookup.kind === 'local' || lookup.kind === 'unavailable' || (lookup.kind === 'known' && !isUnsuccessful(lookup.summary.status));

  useEffect(() => {
    if (!cart.hydrated || !shouldClear || cleared.current) return;
    cleared.current = true;
    const draft = readCheckoutDraft();
    if (typeof draft.fullName === 'string' && typeof draft.email === 'string') {
      setCustomer({
        fullName: draft.fullName,
        email: draft.email,
        phone: typeof draft.phone === 'string' ? draft.phone : '',
        companyName: typeof draft.companyName === 'string' ? draft.companyName : '',
      });
    }
    if (cart.items.length > 0) {
      setPurchased({
        lines: cart.items.map((item) => ({ name: item.name, quantity: item.quantity, amountCents: item.priceCents * item.quantity })),
        totalCents: cart.totalCents,
      });
    }
    cart.clearCart();
    removeCheckoutData();
  }, [cart, shouldClear]);

  return { purchased, customer };
}
