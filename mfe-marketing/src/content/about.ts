import { site } from '@kesho/site-rules/site';
import { bookFreeConsultation, exploreOurServices } from './actions';
import type { CallToAction, PageAction } from './types';

/** Texts of the About Us page. Company facts come from the site configuration. */

export const aboutHeader = {
  title: 'About Us',
  lead: `${site.brand} is a Nairobi study-abroad consultancy built on honest advice and careful work, helping students from Kenya and East Africa reach universities around the world.`,
} as const;

export const aboutStory = {
  title: 'Our story',
  paragraphs: [
    `${site.brand} was founded in Nairobi and registered in ${site.incorporatedIn} on ${site.incorporatedDisplay} by two people who had seen studying abroad from the other side of the desk: a former international admissions officer and a former immigration adviser.`,
    'Between them they had watched too many talented students lose university places, scholarships and visas to avoidable mistakes: missed deadlines, rushed personal statements, incomplete financial documents. They had also met families who paid agents for guarantees that nobody can honestly give.',
    `So they built a consultancy that does things properly: published prices, honest advice about what is realistic, and careful preparation of every application and visa file. Since 2023 we have placed ${site.figures.studentsPlaced} students at ${site.figures.universities} universities in ${site.figures.partnerCountries} countries, with a ${site.figures.visaSuccess} visa success rate.`,
  ],
} as const;

export const missionAndVision = {
  title: 'Mission and vision',
  missionTitle: 'Our mission',
  mission: 'To give every student in Kenya and East Africa honest, expert guidance to the right university abroad, and to make sure they arrive prepared to succeed.',
  visionTitle: 'Our vision',
  vision:
    'Kesho means “tomorrow” in Swahili. We want to be East Africa’s most trusted study-abroad consultancy, known for integrity as much as for results, so that every family’s investment in tomorrow is in safe hands.',
} as const;

export interface CompanyValue {
  readonly title: string;
  readonly description: string;
}

export const valuesTitle = 'Our values';

export const companyValues: readonly CompanyValue[] = [
  {
    title: 'Integrity',
    description: 'We never falsify a document and never promise an admission or a visa that only a university or an embassy can grant.',
  },
  {
    title: 'Transparency',
    description: 'Published prices, a written plan for every student and clear refund rules, so you always know where you stand.',
  },
  {
    title: 'Students first',
    description: 'We recommend the university that fits your goals and budget best, whether or not it is one of our partners.',
  },
  {
    title: 'Excellence',
    description: 'Careful, detailed work on every personal statement, application and visa file, checked before anything is submitted.',
  },
];

export const foundersIntro = {
  title: 'Meet the founders',
  intro: 'Our two co-founders and directors lead every part of the work we do for students and partner institutions.',
} as const;

export const complianceIntro = {
  title: 'Registered & Compliant',
  intro: `${site.legalName} is a private company registered in ${site.incorporatedIn}. You can check who you are dealing with before you pay us anything.`,
} as const;

/** The sentence under the company details, naming the policies that govern the work, each a link. */
export const policiesNote: { readonly lead: string; readonly policies: readonly PageAction[] } = {
  lead: 'How we work is set out in our',
  policies: [
    { label: 'Terms of Service', to: '/terms' },
    { label: 'Refund Policy', to: '/refund' },
    { label: 'Anti-Fraud & Ethics policy', to: '/ethics' },
  ],
};

export const aboutClosing: CallToAction = {
  heading: 'Talk to us about your plans',
  text: 'Your first consultation is free. Tell us where you would like to study and we will show you how to get there.',
  action: bookFreeConsultation,
  secondaryAction: exploreOurServices,
};
