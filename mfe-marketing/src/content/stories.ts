import { site } from '@kesho/site-rules/site';
import type { Stat } from './types';

/** Texts of the success stories page. The headline figures come from the site configuration. */

export const storiesHeader = {
  eyebrow: 'Our students',
  title: 'Success Stories',
  lead: 'Real journeys from Kenya and across East Africa to universities around the world. To protect their privacy, we use first names and initials only.',
} as const;

export const storyStats: readonly Stat[] = [
  { value: site.figures.studentsPlaced, label: 'Students Placed' },
  { value: site.figures.visaSuccess, label: 'Visa Success' },
  { value: site.figures.partnerCountries, label: 'Countries' },
  { value: site.figures.universities, label: 'Universities' },
];

export const storiesSection = {
  statsLabel: 'Our results in numbers',
  title: 'Meet some of our students',
  intro: 'Every student arrives with different grades, budgets and dreams. Here is how six of them found the right course and got there.',
  yearLabel: 'Intake',
  programLabel: 'Programme',
} as const;

export interface Story {
  readonly name: string;
  /** The destination country, as read out for the flag. */
  readonly country: string;
  readonly university: string;
  readonly program: string;
  readonly year: number;
  readonly story: string;
  /** The destination's flag emoji. */
  readonly flag: string;
}

export const stories: readonly Story[] = [
  {
    name: 'Wanjiku M.',
    country: 'Canada',
    university: 'University of Toronto',
    program: 'Master of Science in Applied Computing',
    year: 2024,
    story:
      'Wanjiku finished her computer science degree in Nairobi near the top of her class but had never written a statement of purpose. We helped her build her application around her final-year project on detecting mobile-money fraud, and she received her offer and her study permit in time for the September intake.',
    flag: '🇨🇦',
  },
  {
    name: 'Kevin O.',
    country: 'United Kingdom',
    university: 'University of Manchester',
    program: 'MSc Data Science',
    year: 2024,
    story:
      'Kevin had worked as an accountant for three years and wanted to move into data science. We shortlisted courses that valued his statistics background, edited two drafts of his personal statement and checked every page of his visa file. His Student visa was approved in three weeks.',
    flag: '🇬🇧',
  },
  {
    name: 'Achieng O.',
    country: 'Australia',
    university: 'University of Melbourne',
    program: 'Master of Public Health',
    year: 2023,
    story:
      'After four years as a clinical officer in Kisumu, Achieng wanted to shape health policy rather than only treat its results. We helped her present her community health work as evidence of leadership and to meet the Genuine Student requirement with a clear, honest study plan.',
    flag: '🇦🇺',
  },
  {
    name: 'Nakato B.',
    country: 'United States',
    university: 'Arizona State University',
    program: 'BS in Software Engineering',
    year: 2025,
    story:
      'Nakato, from Kampala, was the first in her family to apply abroad. We guided her through the application essays, her financial documents for the I-20 and two mock visa interviews, and she was granted her F-1 visa at her first interview with a merit scholarship towards her tuition.',
    flag: '🇺🇸',
  },
  {
    name: 'Chebet R.',
    country: 'United Arab Emirates',
    university: 'Heriot-Watt University Dubai',
    program: 'BSc (Hons) Business Management',
    year: 2024,
    story:
      'Chebet wanted a British degree without studying too far from her family in Eldoret. Heriot-Watt’s Dubai campus was the right fit: we prepared her application and walked her family through the student residence visa, which the university sponsors.',
    flag: '🇦🇪',
  },
  {
    name: 'Mwangi J.',
    country: 'Germany',
    university: 'Technical University of Munich',
    program: 'MSc Sustainable Resource Management',
    year: 2023,
    story:
      'Mwangi, an environmental engineering graduate, assumed Germany was only for German speakers until we showed him courses taught in English. We helped him write a focused motivation letter, open the blocked account the German embassy requires and prepare for his visa appointment in Nairobi.',
    flag: '🇩🇪',
  },
];

export const storiesCallToAction = {
  title: 'Your story could be next',
  text: 'Book a free first consultation and we will map out your options, your budget and a realistic timeline.',
  button: 'Start Your Journey',
} as const;
