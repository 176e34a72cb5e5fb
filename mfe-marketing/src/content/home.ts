import { site } from '@kesho/site-rules/site';
import { bookFreeConsultation, bookFreeCounseling, buildMyPackage, getStarted, viewPricing } from './actions';
import { typicalTimelines } from './process';
import type { CallToAction, PageAction, ProcessStep, Stat } from './types';

/** Texts of the home page. Figures come from the site configuration, never typed here. */

export interface HomeHeroContent {
  readonly eyebrow: string;
  readonly title: string;
  readonly lead: string;
  readonly action: PageAction;
  readonly secondaryAction: PageAction;
  /** Names the list of headline figures beside the title. */
  readonly statsLabel: string;
}

export const homeHero: HomeHeroContent = {
  eyebrow: 'Study abroad consultants in Nairobi',
  title: 'Your route to a world-class university starts here',
  lead: `${site.brand} guides students aged ${site.minimumAge} and over, and their families, through university admissions, scholarships and student visas for ${site.figures.partnerCountries} countries: honest advice, clear prices and a first consultation that is free.`,
  action: buildMyPackage,
  secondaryAction: bookFreeCounseling,
  statsLabel: 'Our results in numbers',
};

export const heroStats: readonly Stat[] = [
  { value: site.figures.studentsPlaced, label: 'Students placed' },
  { value: site.figures.visaSuccess, label: 'Visa success rate' },
  { value: site.figures.topChoiceOffers, label: 'Receive top-choice offers' },
  { value: site.figures.scholarshipsSecured, label: 'Scholarships secured in the past year' },
];

export const howItWorks = {
  eyebrow: 'How it works',
  title: 'From first conversation to first term in three steps',
  intro: 'You always know what happens next, what it costs and how long it usually takes.',
  steps: [
    {
      title: 'Free first consultation',
      description: 'Tell us about your grades, goals, budget and preferred countries. We map out your realistic options and a timeline, free and with no obligation.',
    },
    {
      title: 'Choose your support',
      description: 'Pick a Basic, Complete or Premium package, or build your own package from individual services. You pay only for the help you need.',
    },
    {
      title: 'Apply, get your visa and go',
      description: `We prepare your university applications (typically ${typicalTimelines.universityApplications}) and your student visa (typically ${typicalTimelines.studentVisa}), then brief you before departure.`,
    },
  ] satisfies readonly ProcessStep[],
  action: getStarted,
} as const;

export type WhyChooseIcon = 'Eye' | 'Trophy' | 'ShieldCheck';

export interface WhyChooseReason {
  readonly icon: WhyChooseIcon;
  readonly title: string;
  readonly description: string;
  readonly link?: { readonly to: string; readonly label: string };
}

export const whyChoose = {
  title: `Why Choose ${site.brand}`,
  intro: 'Choosing who guides your studies abroad is a big decision for any family. Here is what you can expect from us.',
  reasons: [
    {
      icon: 'Eye',
      title: 'Transparent Process',
      description: 'Published prices before you commit, a written plan for every step and regular updates on each application. No hidden fees and no surprises.',
    },
    {
      icon: 'Trophy',
      title: 'Proven Success',
      description: `${site.figures.studentsPlaced} students placed at ${site.figures.universities} universities, a ${site.figures.visaSuccess} visa success rate, and ${site.figures.topChoiceOffers} of our clients receive offers from their top-choice universities.`,
    },
    {
      icon: 'ShieldCheck',
      title: 'Ethical Standards',
      description: 'We never falsify a document, never promise a guaranteed admission or visa, and always tell you when a plan is unrealistic. Our ethics policy is public.',
      link: { to: '/ethics', label: 'Read our Anti-Fraud & Ethics policy' },
    },
  ] satisfies readonly WhyChooseReason[],
} as const;

export const homeServicesIntro = {
  title: 'Our services',
  intro: 'Expert help at every stage, from choosing a course to boarding your flight.',
} as const;

export const universityStrip = {
  title: 'Partner universities',
  intro: `A few of the ${site.figures.universities} universities our students apply to.`,
} as const;

export const homeClosing: CallToAction = {
  heading: 'Ready to plan your studies abroad?',
  text: 'Book your free first consultation, or compare our packages to see which one fits your plans and budget.',
  action: bookFreeConsultation,
  secondaryAction: viewPricing,
};
