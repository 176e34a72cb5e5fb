import { pageTitle } from '@kesho/site-rules/site';
import type { PageRoute } from '@kesho/shell-kit';
import { serviceCards } from '../content/services';
import { servicePageMeta, type ServiceSlug } from '../content/service-pages/meta';

/** Each service page is in the header's Services menu, under its card's title, in the cards' order. */
function serviceRoute(slug: ServiceSlug, load: PageRoute['load']): PageRoute {
  const { card, description } = servicePageMeta[slug];
  return {
    path: card.link,
    title: pageTitle(card.title),
    description,
    listed: true,
    menu: { group: 'services', label: card.title, order: serviceCards.indexOf(card) + 1 },
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
