/**
 * The business facts of Kesho Global Education. This is the ONE place they live:
 * the shell, every remote, the Lambdas and the infrastructure read them from here, so the operator
 * changes a phone number or an address without touching a page.
 */
export interface PostalAddress {
  /** One line as printed on the site. */
  readonly display: string;
  readonly streetAddress: string;
  readonly locality: string;
  readonly country: string;
  readonly countryCode: string;
}

export interface Founder {
  readonly name: string;
  readonly initials: string;
  readonly role: string;
  readonly bio: string;
}

export interface SiteConfig {
  readonly brand: string;
  readonly legalName: string;
  readonly companyNumber: string;
  /** ISO date of incorporation. */
  readonly incorporatedOn: string;
  readonly incorporatedDisplay: string;
  readonly incorporatedIn: string;
  readonly registeredOffice: PostalAddress;
  readonly postalAddress: PostalAddress;
  readonly phone: { readonly display: string; readonly e164: string };
  readonly email: string;
  readonly hours: { readonly display: string; readonly short: string; readonly timezone: string; readonly utcOffsetMinutes: number };
  readonly minimumAge: number;
  /** Public origin of the production site, used for canonical URLs, sitemap and Open Graph. */
  readonly origin: string;
  readonly founders: readonly Founder[];
  readonly figures: {
    readonly studentsPlaced: string;
    readonly visaSuccess: string;
    readonly topChoiceOffers: string;
    readonly scholarshipsSecured: string;
    readonly partnerCountries: string;
    readonly universities: string;
  };
  readonly partnerCountsByCountry: readonly { readonly country: string; readonly count: string }[];
  readonly stripUniversities: readonly string[];
  /** Month and year printed on every legal page. */
  readonly legalLastUpdated: string;
}

export const site: SiteConfig = validateSite({
  brand: 'Kesho Global Education',
  legalName: 'Kesho Global Education Consultants Ltd',
  companyNumber: 'PVT-6LUQ3KZ8',
  incorporatedOn: '2023-02-02',
  incorporatedDisplay: '2 February 2023',
  incorporatedIn: 'Kenya',
  registeredOffice: {
    display: 'Kesho House, 14 Mpaka Road, Westlands, Nairobi, Kenya',
    streetAddress: 'Kesho House, 14 Mpaka Road, Westlands',
    locality: 'Nairobi',
    country: 'Kenya',
    countryCode: 'KE',
  },
  postalAddress: {
    display: 'P.O. Box 30123-00100, Nairobi, Kenya',
    streetAddress: 'P.O. Box 30123-00100',
    locality: 'Nairobi',
    country: 'Kenya',
    countryCode: 'KE',
  },
  phone: { display: '+254 711 082 500', e164: '+254711082500' },
  email: 'support@keshoglobal.co.ke',
  hours: {
    display: 'Monday to Saturday, 9:00 AM to 6:00 PM East Africa Time (EAT)',
    short: 'Mon–Sat, 9 AM – 6 PM EAT',
    timezone: 'Africa/Nairobi',
    /** East Africa Time is UTC+3 all year (no daylight saving). */
    utcOffsetMinutes: 180,
  },
  minimumAge: 16,
  origin: 'https://www.keshoglobal.co.ke',
  founders: [
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
  ],
  figures: {
    studentsPlaced: '300+',
    visaSuccess: '98%',
    topChoiceOffers: '85%',
    scholarshipsSecured: '$2M+',
    partnerCountries: '15+',
    universities: '50+',
  },
  partnerCountsByCountry: [
    { country: 'Canada', count: '15+' },
    { country: 'UK', count: '12+' },
    { country: 'Australia', count: '10+' },
    { country: 'USA', count: '8+' },
    { country: 'UAE', count: '5+' },
    { country: 'India', count: '6+' },
    { country: 'Germany', count: '4+' },
    { country: 'New Zealand', count: '3+' },
  ],
  stripUniversities: [
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
  ],
  legalLastUpdated: 'January 2025',
});

/** Fails at start-up (and in the unit tests) when an operator's edit leaves a fact malformed. */
export function validateSite(config: SiteConfig): SiteConfig {
  const problems: string[] = [];
  const requireText = (value: unknown, name: string) => {
    if (typeof value !== 'string' || value.trim() === '') problems.push(`${name} must be a non-empty text`);
  };
  requireText(config.brand, 'brand');
  requireText(config.legalName, 'legalName');
  requireText(config.companyNumber, 'companyNumber');
  requireText(config.registeredOffice.display, 'registeredOffice.display');
  requireText(config.postalAddress.display, 'postalAddress.display');
  if (!/^\d{4}-\d{2}-\d{2}$/.test(config.incorporatedOn)) problems.push('incorporatedOn must be an ISO date');
  if (!/^[^\s@]+@[^\s@]+\.[^\s@]+$/.test(config.email)) problems.push('email must be an e-mail address');
  if (!/^\+\d{8,15}$/.test(config.phone.e164)) problems.push('phone.e164 must be in E.164 form');
  if (!/^https:\/\/[^/]+$/.test(config.origin)) problems.push('origin must be an https origin without a path');
  if (config.founders.length !== 2) problems.push('there are exactly two founders');
  if (config.stripUniversities.length !== 10) problems.push('the university strip names ten universities');
  if (problems.length > 0) throw new Error(`Invalid site configuration: ${problems.join('; ')}`);
  return config;
}

export const telHref = `tel:${site.phone.e164}`;
export const mailtoHref = `mailto:${site.email}`;
/** The JSON-LD id of the company's Organization node (the shell's structured data); pages refer to it. */
export const organizationJsonLdId = `${site.origin}/#organization`;

/** Every page's <title>: "Pricing | Kesho Global Education". */
export const pageTitle = (pageName: string): string => `${pageName} | ${site.brand}`;
