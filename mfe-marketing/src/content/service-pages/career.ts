import { site } from '@kesho/site-rules/site';
import { Briefcase, Cog, Compass, FileText, Laptop, Palette, Scale, Stethoscope, TrendingUp, Users } from 'lucide-react';
import { serviceCard } from './meta';
import { bookFreeCounseling } from '../actions';
import { servicesEyebrow } from './shared';
import type { CallToAction, PageAction, ProcessStep } from '../types';
import type { Feature, HeaderContent, Offering, ProseSection, SectionHeading } from './types';

export interface CareerPageContent {
  readonly title: string;
  readonly header: HeaderContent;
  readonly headerAction: PageAction;
  readonly overview: ProseSection;
  readonly offerings: SectionHeading & { readonly items: readonly Offering[] };
  readonly assessment: SectionHeading & { readonly steps: readonly ProcessStep[] };
  readonly fields: SectionHeading & { readonly items: readonly Feature[] };
  readonly reasons: SectionHeading & { readonly items: readonly Feature[] };
  readonly cta: CallToAction;
}

const card = serviceCard('career');

export const careerPage: CareerPageContent = {
  title: card.title,
  header: { eyebrow: servicesEyebrow, lead: card.description },
  headerAction: bookFreeCounseling,

  overview: {
    heading: 'Choose a course with a career in mind',
    paragraphs: [
      'Many students choose a course because a friend, a relative or a ranking table suggested it, and discover a year later that it does not suit them. Changing course abroad is expensive, can add a year of fees and may affect a student visa.',
      'Our career counselling starts with you: your strengths, your interests, your values and the kind of work you enjoy. We then look at how different careers are changing, which qualifications employers in Kenya and abroad recognise, and which courses and countries lead there.',
      `Career counselling is open to students aged ${site.minimumAge} and over, and parents are welcome to join the sessions. We offer guidance, not guarantees: the decisions stay with you and your family, and we will tell you honestly when a plan looks risky.`,
    ],
  },

  offerings: {
    heading: 'What the service includes',
    intro: 'Structured, personal guidance that turns interests into a plan you can act on.',
    items: [
      {
        title: 'Aptitude and interest assessment',
        description: 'Structured questionnaires and a conversation with an adviser to identify your strengths and the work that motivates you.',
      },
      {
        title: 'One-to-one counselling',
        description: 'Time to discuss options, ask questions and test ideas with an experienced adviser, at our Nairobi office or online.',
      },
      {
        title: 'Career and job market insight',
        description: 'Honest information about what different careers involve, how people enter them and where demand is growing.',
      },
      {
        title: 'Course and subject matching',
        description: 'We connect your career goals to specific degrees, entry requirements and universities, in Kenya and abroad.',
      },
      {
        title: 'Family sessions',
        description: 'Joint sessions that help students and parents agree on a plan that everyone understands and supports.',
      },
      {
        title: 'A written career plan',
        description: 'A clear summary of your options, next steps and timelines to keep and come back to.',
      },
    ],
  },

  assessment: {
    heading: 'Our four-step career assessment',
    intro: 'Each step builds on the one before, so that your final plan rests on evidence rather than guesswork.',
    steps: [
      {
        title: 'Discover',
        description: 'Aptitude, personality and interest questionnaires, followed by a conversation with your adviser about the results.',
      },
      {
        title: 'Explore',
        description: 'Together we look at careers that fit your profile: what they involve day to day, what they pay and how people enter them.',
      },
      {
        title: 'Match',
        description: 'We match the careers you prefer to courses, universities and countries, with their entry requirements and costs.',
      },
      {
        title: 'Plan',
        description: 'You receive a written plan covering subject choices, tests, applications and deadlines, ready to act on.',
      },
    ],
  },

  fields: {
    heading: 'Career fields we explore',
    intro: 'Students come to us with interests of every kind. These six fields are the most popular, and each leads to many different careers.',
    items: [
      {
        icon: Laptop,
        title: 'Technology & Computing',
        description: 'Software engineering, data science, cybersecurity and artificial intelligence, through courses from computer science to information systems.',
      },
      {
        icon: Stethoscope,
        title: 'Healthcare & Medicine',
        description: 'Medicine, nursing, pharmacy, public health and allied health professions, with guidance on licensing if you plan to practise at home.',
      },
      {
        icon: Cog,
        title: 'Engineering',
        description: 'Civil, mechanical, electrical, chemical and renewable energy engineering, and how accreditation affects professional registration.',
      },
      {
        icon: TrendingUp,
        title: 'Business & Finance',
        description: 'Accounting, finance, management, economics and entrepreneurship, including professional qualifications that complement a degree.',
      },
      {
        icon: Palette,
        title: 'Creative Arts & Media',
        description: 'Graphic design, film, journalism, animation and digital media, with advice on building the portfolio many courses ask for.',
      },
      {
        icon: Scale,
        title: 'Law & Public Policy',
        description: 'Law, international relations, public policy and development studies, and how a foreign law degree is recognised for practice in Kenya.',
      },
    ],
  },

  reasons: {
    heading: 'Why career counselling matters',
    intro: 'A few hours of careful thought before you apply can shape the next forty years.',
    items: [
      {
        icon: Compass,
        title: 'Fewer costly changes',
        description: 'A well-informed choice at the start saves time, tuition fees and visa complications later.',
      },
      {
        icon: FileText,
        title: 'Stronger applications',
        description: 'Students who can explain why they chose a course write better personal statements and interview with confidence.',
      },
      {
        icon: Briefcase,
        title: 'Better job prospects',
        description: 'Thinking about careers early helps you choose the modules, projects and internships that employers value.',
      },
      {
        icon: Users,
        title: 'A plan the family shares',
        description: 'Parents and students agree on a direction based on evidence, which makes the investment in study abroad easier to plan.',
      },
    ],
  },

  cta: {
    heading: 'Plan your future with confidence',
    text: 'Book a free counselling session to talk through your interests and options with an adviser, with no obligation to continue.',
    action: bookFreeCounseling,
  },
};
