import { typicalTimelines } from '@kesho/site-rules/advisory-packages';
import { site } from '@kesho/site-rules/site';
import { serviceCard } from './meta';
import { bookConsultation } from '../actions';
import { foundedYear, servicesEyebrow } from './shared';
import type { CallToAction, PageAction, ProcessStep, Stat } from '../types';
import type { HeaderContent, Offering, ProseSection, SectionHeading } from './types';

export interface AdmissionsPageContent {
  readonly title: string;
  readonly header: HeaderContent;
  readonly headerAction: PageAction;
  readonly overview: ProseSection;
  readonly offerings: SectionHeading & { readonly items: readonly Offering[] };
  readonly process: SectionHeading & { readonly steps: readonly ProcessStep[] };
  readonly results: SectionHeading & { readonly stats: readonly Stat[]; readonly note: string };
  readonly cta: CallToAction;
}

const { figures } = site;
const card = serviceCard('admissions');

export const admissionsPage: AdmissionsPageContent = {
  title: card.title,
  header: { eyebrow: servicesEyebrow, lead: card.description },
  headerAction: bookConsultation,

  overview: {
    heading: 'Applications that show who you really are',
    paragraphs: [
      'Choosing where to study is one of the biggest decisions a family makes, and every university asks for something slightly different. Our advisers help you understand entry requirements, compare courses and costs, and build an application that presents your grades, interests and ambitions clearly and honestly.',
      `We work with KCSE, IGCSE, A-level and IB students applying for undergraduate degrees, and with graduates applying for master's programmes. Our admissions service is open to students aged ${site.minimumAge} and over, and parents are always welcome in the conversation.`,
      `A complete university application usually takes ${typicalTimelines.universityApplications} from the first shortlist to an offer, so we encourage students to start early, ideally a year before the intake they are aiming for. Admission decisions are always made by the universities themselves: we cannot promise an offer, but we make sure every application you send is complete, on time and as strong as it can honestly be.`,
    ],
  },

  offerings: {
    heading: 'What the service includes',
    intro: 'Everything you need to go from a long list of possibilities to a place you are proud to accept.',
    items: [
      {
        title: 'University and course shortlisting',
        description: 'A shortlist matched to your grades, budget, preferred countries and career goals, balancing ambitious, realistic and safer choices.',
      },
      {
        title: 'Entry requirement checks',
        description: 'We confirm subject requirements, grade equivalences and English language tests such as IELTS, TOEFL or PTE before you apply.',
      },
      {
        title: 'Personal statement coaching',
        description: 'Guided drafting and detailed feedback on personal statements, statements of purpose and essays. The words and the story stay yours.',
      },
      {
        title: 'Complete application submission',
        description: 'Help with UCAS, the Common App, OUAC and direct university portals, with every form and document checked before it is sent.',
      },
      {
        title: 'References and documents',
        description: 'Guidance for your referees and a checklist for transcripts, certificates and certified translations where a university needs them.',
      },
      {
        title: 'Interview preparation',
        description: 'Mock interviews for universities and programmes that interview applicants, followed by practical, honest feedback.',
      },
      {
        title: 'Offer comparison and acceptance',
        description: 'Support comparing offers, conditions, fees and scholarships, then accepting your place and meeting any conditions on time.',
      },
    ],
  },

  process: {
    heading: 'Our four-step admissions process',
    intro: 'Every student follows the same clear path, so you always know what happens next and what we need from you.',
    steps: [
      {
        title: 'Profile assessment',
        description: 'In a free first consultation we review your results, interests, budget and preferred destinations, and agree what a realistic plan looks like.',
      },
      {
        title: 'Shortlist and strategy',
        description: 'You receive a shortlist of universities and courses with entry requirements, fees, intakes and deadlines, plus a timeline for tests and documents.',
      },
      {
        title: 'Applications',
        description: 'We coach you through personal statements and essays, check every form and document, and help you submit complete applications before each deadline.',
      },
      {
        title: 'Offers and next steps',
        description: 'We help you compare offers, accept your place and meet any conditions, then move on to visa and pre-departure preparation.',
      },
    ],
  },

  results: {
    heading: 'Results and reach',
    intro: `What our students have achieved since ${foundedYear(site.incorporatedOn)}, and the network of universities we work with.`,
    stats: [
      { value: figures.studentsPlaced, label: 'students placed at universities abroad' },
      { value: figures.topChoiceOffers, label: 'of clients receive offers from top-choice universities' },
      { value: figures.universities, label: 'universities in our network' },
      { value: figures.partnerCountries, label: 'countries where our students study' },
    ],
    note: 'Past results are not a promise of future offers. Every admission decision is made by the university, and we will always tell you honestly where your application stands.',
  },

  cta: {
    heading: 'Start with a free consultation',
    text: 'Tell us about your grades, goals and preferred countries. Your first consultation is free, and you will leave it with clear next steps, whether or not you decide to work with us.',
    action: bookConsultation,
  },
};
