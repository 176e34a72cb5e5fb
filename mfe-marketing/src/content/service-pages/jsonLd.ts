import { site } from '@kesho/site-rules/site';
import { servicePageMeta, type ServiceSlug } from './meta';

/** schema.org Service, so search engines can describe each service and who provides it. */
export function serviceJsonLd(slug: ServiceSlug): object {
  const { card, description, serviceType, audience } = servicePageMeta[slug];
  return {
    '@context': 'https://schema.org',
    '@type': 'Service',
    name: card.title,
    description,
    serviceType,
    url: `${site.origin}${card.link}`,
    provider: {
      '@type': 'EducationalOrganization',
      name: site.brand,
      legalName: site.legalName,
      url: site.origin,
      email: site.email,
      telephone: site.phone.e164,
      address: {
        '@type': 'PostalAddress',
        streetAddress: site.registeredOffice.streetAddress,
        addressLocality: site.registeredOffice.locality,
        addressCountry: site.registeredOffice.countryCode,
      },
    },
    areaServed: [
      { '@type': 'Country', name: 'Kenya' },
      { '@type': 'Place', name: 'East Africa' },
    ],
    ...(audience ? { audience: { '@type': 'Audience', audienceType: audience } } : {}),
  };
}
