import { typicalTimelines as commonTimelines } from '@kesho/site-rules/advisory-packages';
import type { ProcessStep } from './types';

/**
 * How a student's journey with Kesho runs, and how long its stages usually take (stated once in
 * @kesho/site-rules/advisory-packages).
 */
export const typicalTimelines = {
  universityApplications: commonTimelines.universityApplications,
  studentVisa: commonTimelines.visa,
} as const;

/** The four-step process of the services page. */
export const serviceProcess: readonly ProcessStep[] = [
  {
    title: 'Initial Consultation',
    description: 'A free first meeting to understand your academic record, interests, budget and preferred countries, and to tell you honestly what is realistic.',
  },
  {
    title: 'Strategy Development',
    description: 'A written plan with your shortlisted universities and courses, scholarship targets, deadlines, the documents you will need and who does what.',
  },
  {
    title: 'Application & Visa',
    description: `We prepare, review and submit your applications (typically ${typicalTimelines.universityApplications}), then build a complete and truthful student visa file (typically ${typicalTimelines.studentVisa}).`,
  },
  {
    title: 'Pre-Departure',
    description: 'Briefings on accommodation, travel, banking, health cover and student life, so that you arrive ready for your first term.',
  },
];
