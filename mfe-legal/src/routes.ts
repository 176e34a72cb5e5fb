import { pageTitle, site } from '@kesho/site-rules/site';
import type { PageRoute } from '@kesho/shell-kit';

/**
 * Exposed to the shell as `legal/routes`: the five legal pages. Each page and its text load as their
 * own chunk, so this module stays small.
 */
export const routes: readonly PageRoute[] = [
  {
    path: '/terms',
    title: pageTitle('Terms of Service'),
    description: `The terms for ${site.brand}'s study-abroad advice: who we serve, what we do and do not promise, fees in KES and USD, payment, refunds and Kenyan law.`,
    listed: true,
    load: () => import('./pages/TermsPage'),
  },
  {
    path: '/privacy',
    title: pageTitle('Privacy Policy'),
    description: `What personal data ${site.brand} collects, why, who receives it and how long it is kept, plus your rights under Kenya's Data Protection Act, 2019.`,
    listed: true,
    load: () => import('./pages/PrivacyPage'),
  },
  {
    path: '/refund',
    title: pageTitle('Refund Policy'),
    description: `Full refund within 7 days before work starts, pro-rata refunds after, package stages, and how to request or appeal a refund with ${site.brand}.`,
    listed: true,
    load: () => import('./pages/RefundPage'),
  },
  {
    path: '/cookie-policy',
    title: pageTitle('Cookie Policy'),
    description: `The cookies and browser storage the ${site.brand} website uses, how long each lasts, and how to accept, reject or change your choice.`,
    listed: true,
    load: () => import('./pages/CookiePolicyPage'),
  },
  {
    path: '/ethics',
    title: pageTitle('Anti-Fraud & Ethics Policy'),
    description: `No fake documents, no guaranteed visas, open fees and disclosed commissions: how ${site.brand} works, how to verify us and how to report fraud.`,
    listed: true,
    load: () => import('./pages/EthicsPage'),
  },
];
