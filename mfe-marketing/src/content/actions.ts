import type { PageAction } from './types';

/** The in-site actions the pages offer, each labelled once. Every booking is made through the contact page. */
export const bookConsultation: PageAction = { label: 'Book Consultation', to: '/contact' };
export const bookFreeCounseling: PageAction = { label: 'Book Free Counseling', to: '/contact' };
export const bookFreeConsultation: PageAction = { label: 'Book Free Consultation', to: '/contact' };
export const getStarted: PageAction = { label: 'Get Started', to: '/contact' };
export const contactUs: PageAction = { label: 'Contact Us', to: '/contact' };
export const buildMyPackage: PageAction = { label: 'Build My Package', to: '/custom-quote' };
export const viewPricing: PageAction = { label: 'View Pricing', to: '/pricing' };
export const exploreOurServices: PageAction = { label: 'Explore Our Services', to: '/services' };
