import { organizationJsonLdId, site } from '@kesho/site-rules/site';
import { faqPageJsonLd } from './faq-jsonld';
import { pricingFaqs, pricingPackages } from './pricing';

/** Structured data of the pricing page (its FAQ and its offers), read by the prerenderer from the page module. */
const organizationRef = { '@id': organizationJsonLdId } as const;

export function pricingFaqJsonLd(): object {
  return faqPageJsonLd(pricingFaqs);
}

export function pricingOffersJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'OfferCatalog',
    name: `${site.brand} study abroad packages`,
    url: `${site.origin}/pricing`,
    itemListElement: pricingPackages.map((pkg) => ({
      '@type': 'Offer',
      name: `${pkg.name} package`,
      description: pkg.description,
      price: String(pkg.priceKes),
      priceCurrency: 'KES',
      priceSpecification: {
        '@type': 'PriceSpecification',
        price: pkg.priceKes,
        priceCurrency: 'KES',
        valueAddedTaxIncluded: false,
      },
      url: `${site.origin}/pricing`,
      seller: organizationRef,
      itemOffered: {
        '@type': 'Service',
        name: `${pkg.name} study abroad package`,
        description: pkg.features.join('; '),
        provider: organizationRef,
      },
    })),
  };
}
