/** The header's entries, in the order the header shows them. */
export interface NavEntry {
  readonly name: string;
  readonly href: string;
  /**
   * A dropdown of the pages the remotes list in this menu of the pointer document (the service pages
   * are marketing's: it publishes their labels and order with its routes), after the entry's own page.
   */
  readonly menu?: { readonly group: string; readonly allLabel: string };
}

export const headerNav: readonly NavEntry[] = [
  { name: 'Home', href: '/' },
  { name: 'About Us', href: '/about' },
  { name: 'Services', href: '/services', menu: { group: 'services', allLabel: 'All Services' } },
  { name: 'Custom Quote', href: '/custom-quote' },
  { name: 'Pricing', href: '/pricing' },
  { name: 'FAQ', href: '/faq' },
  { name: 'Contact', href: '/contact' },
];

export const footerQuickLinks = [
  { name: 'About Us', href: '/about' },
  { name: 'Services', href: '/services' },
  { name: 'Pricing', href: '/pricing' },
  { name: 'FAQ', href: '/faq' },
  { name: 'Contact', href: '/contact' },
] as const;

export const footerLegalLinks = [
  { name: 'Terms of Service', href: '/terms' },
  { name: 'Privacy Policy', href: '/privacy' },
  { name: 'Refund Policy', href: '/refund' },
  { name: 'Cookie Policy', href: '/cookie-policy' },
  { name: 'Anti-Fraud & Ethics', href: '/ethics' },
] as const;
