import type { PageRoute } from '@kesho/shell-kit';
import { pageTitle, site } from '@kesho/site-rules/site';

/** Home, About, Services and FAQ. */
export const coreRoutes: readonly PageRoute[] = [
  {
    path: '/',
    title: `${site.brand} | Study Abroad Consultants in Nairobi`,
    description: `Study abroad with ${site.brand}: admissions, visas and scholarships for ${site.figures.partnerCountries} countries. ${site.figures.visaSuccess} visa success rate, free first consultation.`,
    listed: true,
    load: () => import('../pages/HomePage'),
  },
  {
    path: '/about',
    title: pageTitle('About Us'),
    description: `Meet the founders of ${site.brand}, a Nairobi study-abroad consultancy registered in ${site.incorporatedIn} in 2023: our story, mission, values and company details.`,
    listed: true,
    load: () => import('../pages/AboutPage'),
  },
  {
    path: '/services',
    title: pageTitle('Our Services'),
    description: 'University admissions, visas, scholarships, career counselling and partner services, with a clear four-step process from first consultation to departure.',
    listed: true,
    load: () => import('../pages/ServicesPage'),
  },
  {
    path: '/faq',
    title: pageTitle('Frequently Asked Questions'),
    description: 'Answers about our study-abroad services, package prices, payment methods, refunds, timelines and results, with ways to contact our Nairobi advisers.',
    listed: true,
    load: () => import('../pages/FaqPage'),
  },
];
