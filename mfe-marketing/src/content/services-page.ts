import { bookFreeConsultation, buildMyPackage } from './actions';
import { serviceProcess } from './process';
import type { CallToAction } from './types';

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
