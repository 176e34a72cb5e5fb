import { pageTitle } from '@kesho/common/site';
import type { PageRoute } from '@kesho/shell-kit';
import { servicePageMeta, type ServiceSlug } from '../content/service-pages/meta';

function serviceRoute(slug: ServiceSlug, load: PageRoute['load']): PageRoute {
  const { card, description } = servicePageMeta[slug];
  return {
    path: card.link,
    title: pageTitle(card.title),
    description,
    listed: true,
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
