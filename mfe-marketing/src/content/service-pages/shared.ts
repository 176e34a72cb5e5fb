import type { PageAction } from './types';

/** Calls to action shared by the service pages (SPEC §1: both lead to the contact page). */
export const bookConsultation: PageAction = { label: 'Book Consultation', to: '/contact' };
export const bookFreeCounseling: PageAction = { label: 'Book Free Counseling', to: '/contact' };

export const servicesEyebrow = 'Our services';

/** The year the company was founded, for "since 2023"-style phrasing. */
export function foundedYear(incorporatedOn: string): string {
  return incorporatedOn.slice(0, 4);
}
