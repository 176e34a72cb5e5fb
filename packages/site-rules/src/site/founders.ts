import type { Founder } from './types';

/** The founders and their bios (the About page, the Organization's structured data). */
export const founders: readonly Founder[] = [
  {
    name: 'Grace Wanjiru Kamau',
    initials: 'GK',
    role: 'Co-founder and Managing Director',
    bio: 'Grace spent years as an international admissions officer, reading thousands of applications and guiding students into universities in the UK, Canada and Australia. She founded Kesho so that Kenyan families could get the same insider clarity she gave applicants on the other side of the desk. She leads admissions strategy and personally reviews every Premium application.',
  },
  {
    name: 'Brian Otieno Odhiambo',
    initials: 'BO',
    role: 'Co-founder and Director of Visa and Partnerships',
    bio: 'Brian is a former immigration adviser who has prepared student visa files for every major study destination. He leads Kesho’s visa strategy and builds the partner-institution network, making sure every document a student submits is complete, honest and on time.',
  },
];
