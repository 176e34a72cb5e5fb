import { organizationJsonLdId, pageTitle, site } from '@kesho/site-rules/site';

/** Structured data of the contact page, read by the prerenderer from the page module. */
export function contactPageJsonLd(): object {
  return {
    '@context': 'https://schema.org',
    '@type': 'ContactPage',
    name: pageTitle('Contact Us'),
    url: `${site.origin}/contact`,
    about: { '@id': organizationJsonLdId },
  };
}
