/**
 * The five services as cards (icon, title, description, link target): the home page grid, the
 * services list, the service pages and the route table all read them from here. The services page's
 * own texts live in services-page.ts, so the route table (loaded on every marketing page) carries the
 * cards and nothing else.
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
