/** One line of the cart. Money is integer US cents, end to end; the icon is a lucide icon name. */
export interface CartItem {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly icon: string;
  readonly quantity: number;
}

/** What `addItem` receives: a product, and optionally how many of it to add when it is new. */
export interface NewCartItem {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly icon: string;
  readonly quantity?: number;
}
