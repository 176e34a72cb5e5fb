/** The header's entries, in the order the header shows them. */
export interface NavEntry {
  readonly name: string;
  readonly href: string;
  readonly dropdown?: readonly { readonly name: string; readonly href: string }[];
}

export const servicePages = [
  { name: 'University Admissions', href: '/services/admissions' },
  { name: 'Visa & Immigration', href: '/services/visa' },
  { name: 'Scholarships', href: '/services/scholarships' },
  { name: 'Career Counseling', href: '/services/career' },
  { name: 'Partner Services', href: '/services/partners' },
] as const;

export const headerNav: readonly NavEntry[] = [
  { name: 'Home', href: '/' },
  { name: 'About Us', href: '/about' },
  { name: 'Services', href: '/services', dropdown: servicePages },
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
