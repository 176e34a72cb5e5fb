import type { PostalAddress, SiteConfig } from './types';

/** Who the company is, where it is, how to reach it, and its record in figures. */
export const brand = 'Kesho Global Education';
export const legalName = 'Kesho Global Education Consultants Ltd';
export const companyNumber = 'PVT-6LUQ3KZ8';
export const incorporatedOn = '2023-02-02';
export const incorporatedDisplay = '2 February 2023';
export const incorporatedIn = 'Kenya';
export const registeredOffice: PostalAddress = {
  display: 'Kesho House, 14 Mpaka Road, Westlands, Nairobi, Kenya',
  streetAddress: 'Kesho House, 14 Mpaka Road, Westlands',
  locality: 'Nairobi',
  country: 'Kenya',
  countryCode: 'KE',
};
export const postalAddress: PostalAddress = {
  display: 'P.O. Box 30123-00100, Nairobi, Kenya',
  streetAddress: 'P.O. Box 30123-00100',
  locality: 'Nairobi',
  country: 'Kenya',
  countryCode: 'KE',
};
export const phone: SiteConfig['phone'] = { display: '+254 711 082 500', e164: '+254711082500' };
export const email = 'support@keshoglobal.co.ke';
export const hours: SiteConfig['hours'] = {
  display: 'Monday to Saturday, 9:00 AM to 6:00 PM East Africa Time (EAT)',
  short: 'Mon–Sat, 9 AM – 6 PM EAT',
  timezone: 'Africa/Nairobi',
  /** East Africa Time is UTC+3 all year (no daylight saving). */
  utcOffsetMinutes: 180,
};
export const minimumAge = 16;
export const origin = 'https://www.keshoglobal.co.ke';
export const figures: SiteConfig['figures'] = {
  studentsPlaced: '300+',
  visaSuccess: '98%',
  topChoiceOffers: '85%',
  scholarshipsSecured: '$2M+',
  partnerCountries: '15+',
  universities: '50+',
};
export const legalLastUpdated = 'January 2025';
