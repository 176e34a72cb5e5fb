import { site } from '@kesho/site-rules/site';
import { HeartHandshake, Landmark, Trophy, University } from 'lucide-react';
import { serviceCard } from './meta';
import { bookFreeCounseling } from '../actions';
import { servicesEyebrow } from './shared';
import type { CallToAction, PageAction, ProcessStep, Stat } from '../types';
import type { Feature, HeaderContent, Offering, ProseSection, ScholarshipRow, SectionHeading } from './types';

export interface ScholarshipsPageContent {
  readonly title: string;
  readonly header: HeaderContent;
  readonly headerAction: PageAction;
  readonly overview: ProseSection & { readonly highlight: Stat };
  readonly offerings: SectionHeading & { readonly items: readonly Offering[] };
  readonly types: SectionHeading & { readonly items: readonly Feature[] };
  readonly process: SectionHeading & { readonly steps: readonly ProcessStep[] };
  readonly table: SectionHeading & {
    readonly caption: string;
    readonly scrollHint: string;
    readonly columns: { readonly name: string; readonly destination: string; readonly coverage: string; readonly deadline: string };
    readonly rows: readonly ScholarshipRow[];
    readonly note: string;
  };
  readonly cta: CallToAction;
}

const card = serviceCard('scholarships');

export const scholarshipsPage: ScholarshipsPageContent = {
  title: card.title,
  header: { eyebrow: servicesEyebrow, lead: card.description },
  headerAction: bookFreeCounseling,

  overview: {
    heading: 'Funding that makes study abroad possible',
    paragraphs: [
      'For many Kenyan families, cost is the deciding factor in whether study abroad is possible. Scholarships, bursaries and fee waivers can close much of that gap, but they are competitive, their rules differ from one provider to the next, and deadlines often fall a year before the course begins.',
      'We help you find the awards you are genuinely eligible for, plan your applications around their deadlines, and write essays that show selection panels your achievements, your leadership and what you intend to do with your education.',
      'Scholarship decisions are made by the providers, and we cannot promise an award. What we can promise is a realistic shortlist, a well-organised plan and applications that present you at your best.',
    ],
    highlight: { value: site.figures.scholarshipsSecured, label: 'in scholarships secured by our students in the past year' },
  },

  offerings: {
    heading: 'How we help',
    intro: 'Practical support at every stage, from finding the right awards to accepting one.',
    items: [
      {
        title: 'Scholarship search',
        description: 'A shortlist of scholarships, bursaries and fee waivers that match your academic record, course, destination and financial situation.',
      },
      {
        title: 'Eligibility checks',
        description: 'We read the small print with you, so that you do not spend weeks on an award you are not eligible for.',
      },
      {
        title: 'Essay and statement coaching',
        description: 'Feedback on scholarship essays, leadership statements and motivation letters: written by you and sharpened with us.',
      },
      {
        title: 'Reference guidance',
        description: 'Advice for the teachers, lecturers and employers who write your recommendation letters.',
      },
      {
        title: 'Interview preparation',
        description: 'Practice for the panel and online interviews that competitive programmes use to choose their scholars.',
      },
      {
        title: 'Deadline planning',
        description: 'A calendar of every deadline, test date and document you need, with reminders as each one approaches.',
      },
    ],
  },

  types: {
    heading: 'Types of scholarship',
    intro: 'Most awards fall into one of four groups, and many students combine more than one.',
    items: [
      {
        icon: Trophy,
        title: 'Merit-based',
        description: 'Awarded for academic excellence, leadership, sport or the arts. Strong KCSE, A-level, IB or degree results open the door.',
      },
      {
        icon: HeartHandshake,
        title: 'Need-based',
        description: 'Awarded to able students who could not otherwise afford to study. Expect to document your family’s financial circumstances.',
      },
      {
        icon: Landmark,
        title: 'Government',
        description: 'Funded by governments, such as the UK’s Chevening or Germany’s DAAD programmes, often covering full costs and aimed at future leaders.',
      },
      {
        icon: University,
        title: 'University-specific',
        description: 'Offered by individual universities to international students, from partial tuition discounts to full awards, sometimes considered automatically.',
      },
    ],
  },

  process: {
    heading: 'Our five-step scholarship process',
    intro: 'Scholarship applications reward early, organised preparation. This is how we work with you.',
    steps: [
      {
        title: 'Profile review',
        description: 'We look at your grades, achievements, finances and study plans to understand which kinds of award suit you.',
      },
      {
        title: 'Scholarship matching',
        description: 'You receive a shortlist of scholarships with eligibility, value and typical deadlines, ranked by how well you fit.',
      },
      {
        title: 'Application planning',
        description: 'We build a timeline for essays, references, tests and documents, working back from each deadline.',
      },
      {
        title: 'Essays and documents',
        description: 'We coach you through every essay and review each application with you before it is submitted.',
      },
      {
        title: 'Interviews and decisions',
        description: 'We prepare you for interviews, then help you compare and accept awards alongside your university offers.',
      },
    ],
  },

  table: {
    heading: 'Well-known scholarships for Kenyan students',
    intro: 'These four programmes are among the best known. Each is highly competitive and sets its own eligibility rules.',
    caption: 'Four well-known international scholarships: where you study, what they cover and when applications typically close',
    scrollHint: 'Swipe the table sideways to see every column.',
    columns: { name: 'Scholarship', destination: 'Where you study', coverage: 'Coverage', deadline: 'Typical deadline' },
    rows: [
      {
        name: 'Chevening Scholarships',
        destination: 'UK',
        coverage: 'Full tuition, a monthly living allowance and return flights',
        deadline: 'Typically October to early November',
      },
      {
        name: 'Mastercard Foundation Scholars Program',
        destination: 'Partner universities in Africa and worldwide',
        coverage: 'Full cost of study, including tuition, accommodation, books and travel',
        deadline: 'Varies by university (typically November to March)',
      },
      {
        name: 'DAAD Scholarships',
        destination: 'Germany',
        coverage: 'Monthly stipend, health insurance and a travel allowance',
        deadline: 'Typically October to November',
      },
      {
        name: 'Fulbright Foreign Student Program',
        destination: 'USA',
        coverage: 'Tuition, living costs and travel',
        deadline: 'Typically February to May (varies by country)',
      },
    ],
    note: 'Deadlines change every year. Always check the current dates and eligibility rules with the scholarship provider before you plan your application; we do the same for every student we advise.',
  },

  cta: {
    heading: 'Find the scholarships you qualify for',
    text: 'Book a free counselling session and we will look at your profile, suggest the awards worth your time and help you plan your applications.',
    action: bookFreeCounseling,
  },
};
