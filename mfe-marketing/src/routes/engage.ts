import type { PageRoute } from '@kesho/shell-kit';
import { site } from '@kesho/common/site';
import { pricingFaqs, pricingPackages } from '../content/pricing';

/**
 * The engagement pages of the marketing remote: pricing, contact, success stories and blog.
 * Only the pricing content is imported here (for its structured data); the other pages' content
 * stays in their own chunks.
 */

const pageTitle = (name: string) => `${name} | ${site.brand}`;
const organizationRef = { '@id': `${site.origin}/#organization` } as const;

function pricingFaqJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'FAQPage',
    mainEntity: pricingFaqs.map((faq) => ({
      '@type': 'Question',
      name: faq.question,
      acceptedAnswer: { '@type': 'Answer', text: faq.answer },
    })),
  };
}

function pricingOffersJsonLd(): object {
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

function contactPageJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: pageTitle('Contact Us'),
    url: `${site.origin}/contact`,
    about: organizationRef,
  };
}

export const engageRoutes: readonly PageRoute[] = [
  {
    path: '/pricing',
    title: pageTitle('Pricing'),
    description:
      'Basic, Complete and Premium study abroad packages in Kenyan shillings, with payment plans, upgrades for only the difference in price and a fair refund policy.',
    jsonLd: [pricingFaqJsonLd(), pricingOffersJsonLd()],
    indexable: true,
    load: () => import('../pages/PricingPage'),
  },
  {
    path: '/contact',
    title: pageTitle('Contact Us'),
    description: `Send us a message about studying abroad, call ${site.phone.display} or visit our Nairobi office. Our advisors reply to every message within 24 hours.`,
    jsonLd: [contactPageJsonLd()],
    indexable: true,
    load: () => import('../pages/ContactPage'),
  },
  {
    path: '/success-stories',
    title: pageTitle('Success Stories'),
    description:
      'Read how Kenyan and East African students won university places and student visas in Canada, the UK, the USA, Australia, the UAE and Germany with our help.',
    indexable: true,
    load: () => import('../pages/SuccessStoriesPage'),
  },
  {
    path: '/blog',
    title: pageTitle('Blog'),
    description:
      'Practical study abroad advice for Kenyan students: scholarships, UK visa documents, personal statements, proof of funds and choosing Canada or Australia.',
    indexable: true,
    load: () => import('../pages/BlogPage'),
  },
];
