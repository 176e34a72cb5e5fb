/** The shape of the business facts (`site`, from `@kesho/site-rules/site`). */
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
