import { bookFreeConsultation, buildMyPackage } from './actions';
import { serviceProcess } from './process';
import type { CallToAction } from './types';

/**
 * The five services as cards (icon, title, description, link target): the home page grid, the
 * services list and the service pages all read them from here.
 */
export type ServiceIcon = 'GraduationCap' | 'Plane' | 'Award' | 'Briefcase' | 'Handshake';

export interface ServiceCard {
  readonly slug: 'admissions' | 'visa' | 'scholarships' | 'career' | 'partners';
  readonly icon: ServiceIcon;
  readonly title: string;
  readonly description: string;
  readonly link: string;
}

export const serviceCards: readonly ServiceCard[] = [
  {
    slug: 'admissions',
    icon: 'GraduationCap',
    title: 'University Admissions',
    description: 'Course and university shortlists, personal statements and complete applications to universities in 15+ countries.',
    link: '/services/admissions',
  },
  {
    slug: 'visa',
    icon: 'Plane',
    title: 'Visa & Immigration',
    description: 'Honest, document-by-document student visa preparation for Canada, the UK, the USA, Australia and more.',
    link: '/services/visa',
  },
  {
    slug: 'scholarships',
    icon: 'Award',
    title: 'Scholarships',
    description: 'Find the scholarships you qualify for and submit applications that stand out to selection panels.',
    link: '/services/scholarships',
  },
  {
    slug: 'career',
    icon: 'Briefcase',
    title: 'Career Counseling',
    description: 'Aptitude assessment and course choices that lead to real careers, in Kenya or abroad.',
    link: '/services/career',
  },
  {
    slug: 'partners',
    icon: 'Handshake',
    title: 'Partner Services',
    description: 'Student recruitment and representation in East Africa for universities and colleges.',
    link: '/services/partners',
  },
];

/** Texts of the services page. */
export const servicesPage = {
  title: 'Our Services',
  lead: 'From choosing a course to boarding your flight, we support students at every stage of studying abroad, and help universities reach talented students in East Africa.',
  list: {
    title: 'How we can help',
    intro: 'Choose the support you need: each service has its own page with what it includes and how it works.',
  },
  process: {
    eyebrow: 'Our process',
    title: 'Four steps from first meeting to departure',
    intro: 'Every student follows the same clear process, so you always know what comes next.',
    steps: serviceProcess,
  },
  closing: {
    heading: 'Not sure which service you need?',
    text: 'Book a free first consultation and we will recommend the right support, or build your own package from individual services.',
    action: bookFreeConsultation,
    secondaryAction: buildMyPackage,
  } satisfies CallToAction,
} as const;
