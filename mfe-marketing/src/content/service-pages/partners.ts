import { site } from '@kesho/site-rules/site';
import { ChartColumn, MapPin, ShieldCheck, TrendingUp } from 'lucide-react';
import { serviceCard } from './meta';
import { bookConsultation } from '../actions';
import { foundedYear } from './shared';
import type { CallToAction, PageAction, Stat } from '../types';
import type { Feature, HeaderContent, Offering, PartnershipModel, ProseSection, SectionHeading } from './types';

export interface PartnersPageContent {
  readonly title: string;
  readonly header: HeaderContent;
  readonly headerAction: PageAction;
  readonly overview: ProseSection;
  readonly services: SectionHeading & { readonly items: readonly Offering[] };
  readonly reasons: SectionHeading & { readonly items: readonly Feature[] };
  readonly models: SectionHeading & {
    readonly items: readonly PartnershipModel[];
    readonly mostPopularLabel: string;
    readonly bestForLabel: string;
  };
  readonly network: SectionHeading & { readonly stats: readonly Stat[] };
  readonly cta: CallToAction;
}

const { figures } = site;
const card = serviceCard('partners');

export const partnersPage: PartnersPageContent = {
  title: card.title,
  header: { eyebrow: 'For institutions', lead: card.description },
  headerAction: bookConsultation,

  overview: {
    heading: 'A trusted link to students in East Africa',
    paragraphs: [
      `${site.brand} works with universities, colleges and pathway providers that want to recruit motivated, well-prepared students from Kenya and East Africa. Our network already includes ${figures.universities} universities across ${figures.partnerCountries} countries.`,
      'We recruit ethically. Students receive honest advice about courses, costs and visa requirements, and we only put forward applicants whose documents we have checked. For our partners that means fewer incomplete applications, fewer withdrawals and students who arrive ready to succeed.',
      'Every partnership starts with a conversation about your programmes, entry requirements and recruitment goals, so that the students we introduce are the right fit for you.',
    ],
  },

  services: {
    heading: 'Services for institutions',
    intro: 'Representation and recruitment support in one of Africa’s fastest-growing student markets.',
    items: [
      {
        title: 'Student recruitment',
        description: 'Promotion of your programmes to qualified students and parents through counselling sessions, school visits and events in Nairobi.',
      },
      {
        title: 'Application screening',
        description: 'Applications pre-checked for entry requirements, with verified transcripts, English test results and complete supporting documents.',
      },
      {
        title: 'In-country representation',
        description: 'A local point of contact for your institution in Kenya and East Africa, answering enquiries and supporting your visiting staff.',
      },
      {
        title: 'Visa and pre-departure support',
        description: 'Visa guidance and pre-departure briefings for your admitted students, which reduce deferrals and late arrivals.',
      },
      {
        title: 'Events and webinars',
        description: 'Information sessions, webinars and university fairs organised together with your admissions and marketing teams.',
      },
      {
        title: 'Market insight',
        description: 'Regular reports on demand, competitor activity and the courses that East African students are looking for.',
      },
    ],
  },

  reasons: {
    heading: 'Why partner with us',
    intro: 'Institutions choose us for the quality of the students we introduce and the way we work.',
    items: [
      {
        icon: ShieldCheck,
        title: 'Ethical recruitment',
        description: 'We follow a published anti-fraud and ethics policy, never submit documents we have not verified and never mislead students.',
      },
      {
        icon: TrendingUp,
        title: 'Proven results',
        description: `${figures.studentsPlaced} students placed and a ${figures.visaSuccess} visa success rate since ${foundedYear(site.incorporatedOn)}.`,
      },
      {
        icon: MapPin,
        title: 'Local knowledge',
        description: 'Our Nairobi team knows the Kenyan curriculum, KCSE grading and the questions that families ask before they commit.',
      },
      {
        icon: ChartColumn,
        title: 'Transparent reporting',
        description: 'Clear pipeline reports from enquiry to enrolment, so that you always know where each applicant stands.',
      },
    ],
  },

  models: {
    heading: 'Partnership models',
    intro: 'Choose the arrangement that suits your recruitment goals. Terms are agreed individually with each institution.',
    mostPopularLabel: 'Most Popular',
    bestForLabel: 'Best for:',
    items: [
      {
        name: 'Commission-Based',
        summary: 'You pay a commission only for students who enrol.',
        includes: ['Commission on enrolled students only', 'Your programmes included in our counselling', 'Application screening and document checks', 'Termly recruitment reports'],
        bestFor: 'institutions entering the East African market.',
        mostPopular: false,
      },
      {
        name: 'Retainer + Commission',
        summary: 'A monthly retainer for dedicated representation, plus commission on enrolled students.',
        includes: [
          'A dedicated account manager in Nairobi',
          'Active promotion at events, school visits and webinars',
          'Priority handling of applications to your institution',
          'Monthly pipeline and market reports',
        ],
        bestFor: 'institutions that want steady, predictable growth in student numbers.',
        mostPopular: true,
      },
      {
        name: 'Project-Based',
        summary: 'A fixed fee for a defined project, such as a recruitment tour or a market study.',
        includes: ['Recruitment tours and university fairs', 'Market research and feasibility studies', 'Scholarship and cohort campaigns', 'Scope, timeline and fee agreed in advance'],
        bestFor: 'institutions with a specific, time-bound goal.',
        mostPopular: false,
      },
    ],
  },

  network: {
    heading: 'Our partner network',
    intro: 'Partner institutions by country. The network grows each year as we add institutions that meet our standards for teaching quality and student support.',
    stats: site.partnerCountsByCountry.map(({ country, count }) => ({ value: count, label: country })),
  },

  cta: {
    heading: 'Talk to our partnerships team',
    text: 'Tell us about your institution and recruitment goals, and we will suggest the partnership model that fits.',
    action: bookConsultation,
    email: { lead: 'Email us at', address: site.email },
  },
};
