/**
 * The business facts of Kesho Global Education. This is the ONE place they live (in ./site/: the
 * company and how to reach it, the founders, the partner network): the shell, every remote, the
 * Lambdas and the infrastructure read them from here, so the operator changes a phone number or an
 * address without touching a page.
 *
 * `site` is a module namespace, not an object: a bundle keeps only the facts its code reads
 * (`site.phone.display` keeps the phone, not the founders' bios), and a fact used by one page only
 * travels in that page's chunk.
 */
export type { Founder, PostalAddress, SiteConfig } from './site/types';
export * as site from './site/facts.ts';
import type { SiteConfig } from './site/types';
import { brand, email, origin, phone } from './site/company.ts';

/**
 * Names every malformed fact an operator's edit left. Run by the site-rules tests and by the shell's
 * prerender (shell/src/server/render.tsx), so such an edit fails `npm test` and every build; not in
 * the browser, where it would make each bundle carry every fact.
 */
export function validateSite(config: SiteConfig): SiteConfig {
  const problems: string[] = [];
  const requireText = (value: unknown, name: string) => {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} must be a non-empty text`);
  };
  requireText(config.brand, 'brand');
  requireText(config.legalName, 'legalName');
  requireText(config.companyNumber, 'companyNumber');
  requireText(config.registeredOffice.display, 'registeredOffice.display');
  requireText(config.postalAddress.display, 'postalAddress.display');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(config.incorporatedOn)) problems.push('incorporatedOn must be an ISO date');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(config.email)) problems.push('email must be an e-mail address');
  if (!/^\+\d{8,15}$/.test(config.phone.e164)) problems.push('phone.e164 must be in E.164 form');
  if (!/^https:\/\/[^/]+$/.test(config.origin)) problems.push('origin must be an https origin without a path');
  if (config.founders.length !== 2) problems.push('there are exactly two founders');
  if (config.stripUniversities.length !== 10) problems.push('the university strip names ten universities');
  if (problems.length > 0) throw new Error(`Invalid site configuration: ${problems.join('; ')}`);
  return config;
}

export const telHref = `tel:${phone.e164}`;
export const mailtoHref = `mailto:${email}`;
/** The JSON-LD id of the company's Organization node (the shell's structured data); pages refer to it. */
export const organizationJsonLdId = `${origin}/#organization`;

/** Every page's <title>: "Pricing | Kesho Global Education". */
export const pageTitle = (pageName: string): string => `${pageName} | ${brand}`;
