import type { PageRoute } from '@kesho/shell-kit';
import { pageTitle, site } from '@kesho/site-rules/site';

/** What working with us costs, what it has achieved and how to start: pricing, contact and success stories. */
export const workingWithUsRoutes: readonly PageRoute[] = [
  {
    path: '/pricing',
    title: pageTitle('Pricing'),
    description: 'Basic, Complete and Premium study abroad packages in Kenyan shillings, with payment plans, upgrades for only the difference in price and a fair refund policy.',
    listed: true,
    load: () => import('../pages/PricingPage'),
  },
  {
    path: '/contact',
    title: pageTitle('Contact Us'),
    description: `Send us a message about studying abroad, call ${site.phone.display} or visit our Nairobi office. Our advisors reply to every message within 24 hours.`,
    listed: true,
    load: () => import('../pages/ContactPage'),
  },
  {
    path: '/success-stories',
    title: pageTitle('Success Stories'),
    description: 'Read how Kenyan and East African students won university places and student visas in Canada, the UK, the USA, Australia, the UAE and Germany with our help.',
    listed: true,
    load: () => import('../pages/SuccessStoriesPage'),
  },
];
