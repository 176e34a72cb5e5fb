import { site } from '@kesho/site-rules/site';
import { serviceCards, type ServiceCard } from '../services';

/**
 * What the route table needs about each service page: kept apart from the page texts so that the
 * routes module (loaded before any page) stays small.
 */
export type ServiceSlug = ServiceCard['slug'];

export interface ServicePageMeta {
  readonly card: ServiceCard;
  /** Meta description: 120 to 160 characters, unique across the site. */
  readonly description: string;
  /** schema.org serviceType. */
  readonly serviceType: string;
  /** Who the service is for, when it is not prospective students. */
  readonly audience?: string;
}

export function serviceCard(slug: ServiceSlug): ServiceCard {
  const card = serviceCards.find((candidate) => candidate.slug === slug);
  if (!card) throw new Error(`No service card for "${slug}"`);
  return card;
}

const { figures } = site;

export const servicePageMeta: Readonly<Record<ServiceSlug, ServicePageMeta>> = {
  admissions: {
    card: serviceCard('admissions'),
    description: `University admissions support from Nairobi: course shortlists, personal statements and complete applications to ${figures.universities} universities in ${figures.partnerCountries} countries.`,
    serviceType: 'University admissions consulting',
  },
  visa: {
    card: serviceCard('visa'),
    description: 'Student visa guidance for Canada, the UK, the USA, Australia, the UAE, Germany, India and New Zealand: document checks, proof of funds and interview practice.',
    serviceType: 'Student visa and immigration guidance',
  },
  scholarships: {
    card: serviceCard('scholarships'),
    description: 'Find and apply for scholarships to study abroad, from Chevening, DAAD and Fulbright to university awards, with honest, deadline-driven help from Nairobi.',
    serviceType: 'Scholarship advisory',
  },
  career: {
    card: serviceCard('career'),
    description: `Career counselling for students aged ${site.minimumAge} and over: aptitude assessment, six career fields explored and course choices that lead to real careers.`,
    serviceType: 'Career counselling',
  },
  partners: {
    card: serviceCard('partners'),
    description: `Recruit qualified students from Kenya and East Africa with ${site.brand}: ethical recruitment, screened applications and flexible partnerships.`,
    serviceType: 'International student recruitment and representation',
    audience: 'Universities, colleges and pathway providers',
  },
};
