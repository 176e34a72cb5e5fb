import { site } from '@kesho/site-rules/site';
import { EMAIL, PHONE, paragraph, type Block, type Inline, type LegalSection } from './types';

/** The company's registration and contact details, as every legal page prints them. */
export const companyDetails: Block = {
  kind: 'facts',
  items: [
    { label: 'Company', value: site.legalName },
    { label: 'Company number', value: site.companyNumber },
    { label: 'Registered office', value: site.registeredOffice.display },
    { label: 'Postal address', value: site.postalAddress.display },
    { label: 'Phone', value: [PHONE] },
    { label: 'E-mail', value: [EMAIL] },
    { label: 'Business hours', value: site.hours.display },
  ],
};

/** The closing section of every legal page. */
export function contactSection(...intro: Inline[]): LegalSection {
  return {
    id: 'contact-us',
    heading: 'Contact us',
    blocks: [paragraph(...intro), companyDetails],
  };
}

/** "@keshoglobal.co.ke": the only domain our staff write from. */
export const officialEmailDomain = site.email.slice(site.email.indexOf('@'));

/** "www.keshoglobal.co.ke" */
export const officialWebsiteHost = new URL(site.origin).host;

/** "A, B and C" */
export function joinWithAnd(items: readonly string[]): string {
  if (items.length <= 1) return items.join('');
  return `${items.slice(0, -1).join(', ')} and ${items[items.length - 1]}`;
}
