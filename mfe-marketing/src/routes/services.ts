import { site } from '@kesho/common/site';
import type { PageRoute } from '@kesho/shell-kit';
import { servicePageMeta, type ServiceSlug } from '../content/service-pages/meta';

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

function serviceRoute(slug: ServiceSlug, load: PageRoute['load']): PageRoute {
  const { card, description } = servicePageMeta[slug];
  return {
    path: card.link,
    title: `${card.title} | ${site.brand}`,
    description,
    indexable: true,
    jsonLd: [serviceJsonLd(slug)],
    load,
  };
}

/** The five service detail pages; combined with the other marketing routes in src/routes.ts. */
export const serviceRoutes: readonly PageRoute[] = [
  serviceRoute('admissions', () => import('../pages/services/AdmissionsPage')),
  serviceRoute('visa', () => import('../pages/services/VisaPage')),
  serviceRoute('scholarships', () => import('../pages/services/ScholarshipsPage')),
  serviceRoute('career', () => import('../pages/services/CareerPage')),
  serviceRoute('partners', () => import('../pages/services/PartnersPage')),
];
