import { organizationJsonLdId, site } from '@kesho/site-rules/site';

/** schema.org EducationalOrganization for the company, on every page. */
export function organizationJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'EducationalOrganization',
    '@id': organizationJsonLdId,
    name: site.brand,
    legalName: site.legalName,
    url: `${site.origin}/`,
    logo: `${site.origin}/favicon.svg`,
    email: site.email,
    telephone: site.phone.e164,
    foundingDate: site.incorporatedOn,
    founder: site.founders.map((founder) => ({ '@type': 'Person', name: founder.name, jobTitle: founder.role })),
    address: {
      '@type': 'PostalAddress',
      streetAddress: site.registeredOffice.streetAddress,
      addressLocality: site.registeredOffice.locality,
      addressCountry: site.registeredOffice.countryCode,
    },
    contactPoint: {
      '@type': 'ContactPoint',
      contactType: 'customer support',
      telephone: site.phone.e164,
      email: site.email,
      areaServed: ['KE', 'UG', 'TZ', 'RW', 'ET'],
      availableLanguage: ['en', 'sw'],
      hoursAvailable: {
        '@type': 'OpeningHoursSpecification',
        dayOfWeek: ['Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday'],
        opens: '09:00',
        closes: '18:00',
      },
    },
  };
}
