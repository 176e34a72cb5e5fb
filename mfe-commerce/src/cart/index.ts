export { CartProvider, useCart, type CartApi } from './CartProvider';
export type { CartItem, NewCartItem } from './types';
