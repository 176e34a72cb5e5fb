/** The partner network: institutions by country, and the universities the home page's strip names. */
export const partnerCountsByCountry: readonly { readonly country: string; readonly count: string }[] = [
  { country: 'Canada', count: '15+' },
  { country: 'UK', count: '12+' },
  { country: 'Australia', count: '10+' },
  { country: 'USA', count: '8+' },
  { country: 'UAE', count: '5+' },
  { country: 'India', count: '6+' },
  { country: 'Germany', count: '4+' },
  { country: 'New Zealand', count: '3+' },
];

export const stripUniversities: readonly string[] = [
  'University of Toronto',
  'University of British Columbia',
  'University of Manchester',
  'University of Leeds',
  'Arizona State University',
  'University of Melbourne',
  'Monash University',
  'Heriot-Watt University Dubai',
  'Technical University of Munich',
  'University of Auckland',
];
