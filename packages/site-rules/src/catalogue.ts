/**
 * The twelve catalogue services of the quote builder. The browser shows these prices and
 * the payment backend charges them: neither trusts the other's copy.
 */
export type CatalogueIcon = 'MessageCircle' | 'Search' | 'FileCheck' | 'PenTool' | 'Plane' | 'Award' | 'Mic' | 'Briefcase' | 'GraduationCap' | 'Crown' | 'Home' | 'Sparkles' | 'DollarSign';

export interface CatalogueService {
  readonly id: string;
  readonly name: string;
  readonly priceCents: number;
  readonly icon: CatalogueIcon;
  readonly description: string;
}

export const CUSTOM_ID_PREFIX = 'custom-';
export const CUSTOM_ICON: CatalogueIcon = 'DollarSign';
export const CUSTOM_PRICE_MIN_CENTS = 2_500;
export const CUSTOM_PRICE_MAX_CENTS = 250_000;
export const QUANTITY_MIN = 1;
export const QUANTITY_MAX = 10;
export const MAX_CART_LINES = 20;
export const MAX_ITEM_NAME_LENGTH = 120;

export const catalogue: readonly CatalogueService[] = [
  {
    id: 'basic-consultation',
    name: 'Basic Consultation',
    priceCents: 2_500,
    icon: 'MessageCircle',
    description: 'A one-hour session with an advisor to map your study-abroad options, budget and timeline.',
  },
  {
    id: 'university-research',
    name: 'University Research',
    priceCents: 15_000,
    icon: 'Search',
    description: 'A shortlist of universities and programmes matched to your grades, goals and budget.',
  },
  { id: 'application-review', name: 'Application Review', priceCents: 20_000, icon: 'FileCheck', description: 'A line-by-line review of one application before you submit it.' },
  {
    id: 'essay-editing',
    name: 'Essay Editing',
    priceCents: 25_000,
    icon: 'PenTool',
    description: 'Structural and language editing of your personal statement or motivation letter, in two rounds.',
  },
  {
    id: 'visa-guidance',
    name: 'Visa Guidance',
    priceCents: 30_000,
    icon: 'Plane',
    description: 'A document checklist, file review and step-by-step guidance for one student visa application.',
  },
  {
    id: 'scholarship-assistance',
    name: 'Scholarship Assistance',
    priceCents: 35_000,
    icon: 'Award',
    description: 'Scholarship search and help preparing up to three scholarship applications.',
  },
  { id: 'interview-prep', name: 'Interview Preparation', priceCents: 40_000, icon: 'Mic', description: 'Two mock interviews with feedback for university admission or visa interviews.' },
  {
    id: 'career-counseling',
    name: 'Career Counseling',
    priceCents: 50_000,
    icon: 'Briefcase',
    description: 'Aptitude assessment and a career plan that links your course choice to real job markets.',
  },
  {
    id: 'multi-university',
    name: 'Multi-University Applications (3)',
    priceCents: 75_000,
    icon: 'GraduationCap',
    description: 'Full support for three university applications, from shortlist to submission.',
  },
  { id: 'premium-package', name: 'Premium Package', priceCents: 150_000, icon: 'Crown', description: 'Admissions, essays, scholarships and visa support with a dedicated advisor.' },
  { id: 'relocation-support', name: 'Relocation Support', priceCents: 200_000, icon: 'Home', description: 'Accommodation search, travel planning, banking set-up and arrival orientation.' },
  {
    id: 'vip-unlimited',
    name: 'VIP Unlimited',
    priceCents: 250_000,
    icon: 'Sparkles',
    description: 'Unlimited applications and priority support from first consultation to your first term abroad.',
  },
];

const byId = new Map(catalogue.map((service) => [service.id, service]));

export function findCatalogueService(id: string): CatalogueService | undefined {
  return byId.get(id);
}

export function isCustomItemId(id: string): boolean {
  return id.startsWith(CUSTOM_ID_PREFIX);
}

/**
 * How an order line reads wherever an order is shown (cart, checkout, payment, the provider's page,
 * the success page, receipts): a custom line always says it is custom, so a visitor-named line can
 * never pass for a catalogue service.
 */
export const CUSTOM_LINE_LABEL = 'Custom: ';

export function orderLineLabel(line: { readonly id: string; readonly name: string }): string {
  return isCustomItemId(line.id) ? `${CUSTOM_LINE_LABEL}${line.name}` : line.name;
}

export const CUSTOM_NAME_TAKEN_MESSAGE = 'This name belongs to one of our services: choose it from the list or give yours another name';

/**
 * A Unicode TR39 confusable skeleton ("Basic Cоnsultation" with a Cyrillic о and "Basic Consultation"
 * share one). Its data is ~100 KB, so only the server passes one (lambdas/src/orders/confusables.ts);
 * pages compare without it.
 */
export type ConfusableSkeleton = (text: string) => string;

/**
 * Latin letters with no decomposition that read as a plain one: the small capitals ("ᴠɪᴘ Unlimited"),
 * letters with a stroke and the dotless i and j. Folded before comparing, on the pages and the server.
 */
const LOOK_ALIKE_LETTERS =
  '\u1d00\u0299\u1d04\u1d05\u1d07\ua730\u0262\u029c\u026a\u1d0a\u1d0b\u029f\u1d0d\u0274\u1d0f\u1d18\ua7af\u0280\ua731\u1d1b\u1d1c\u1d20\u1d21\u028f\u1d22\u00f8\u0111\u0127\u0142\u0167\u0180\u01e5\u0268\u0289\u0131\u0237';
const PLAIN_LETTERS = 'abcdefghijklmnopqrstuvwyzodhltbgiuij';
const PLAIN_LETTER_OF: ReadonlyMap<string, string> = new Map([...LOOK_ALIKE_LETTERS].map((letter, index) => [letter, PLAIN_LETTERS[index] ?? letter]));
const FOLDED_LETTERS = new RegExp(`[${LOOK_ALIKE_LETTERS}]`, 'gu');

// Compared without case, accents and other marks ("Basic Consultatión", "Basic Consultaṭion"),
// compatibility forms ("Ｖｉｐ Unlimited"), small capitals and stroked letters ("ᴠɪᴘ Unlimited"),
// punctuation or spacing ("vip-unlimited", "VIP  Unlimited"): all are the catalogue's names; with a
// skeleton, look-alike letters from other scripts too.
const comparable = (text: string, skeleton?: ConfusableSkeleton): string =>
  (skeleton ? skeleton(text.normalize('NFD')).normalize('NFD') : text)
    .normalize('NFKC')
    .toLowerCase()
    .normalize('NFD')
    .replace(/\p{M}+/gu, '')
    .replace(FOLDED_LETTERS, (letter) => PLAIN_LETTER_OF.get(letter) ?? letter)
    .replace(/[^\p{L}\p{N}]+/gu, ' ')
    .trim();
const catalogueNamesBy = new Map<ConfusableSkeleton | undefined, ReadonlySet<string>>();
const catalogueNames = (skeleton?: ConfusableSkeleton): ReadonlySet<string> => {
  let names = catalogueNamesBy.get(skeleton);
  if (!names) {
    names = new Set(catalogue.flatMap((service) => [comparable(service.name, skeleton), comparable(service.id, skeleton)]));
    catalogueNamesBy.set(skeleton, names);
  }
  return names;
};

/** True when a custom service's name would read as a catalogue service (or as "Custom: <one>"). */
export function isCatalogueServiceName(name: string, skeleton?: ConfusableSkeleton): boolean {
  const names = catalogueNames(skeleton);
  const plain = comparable(name, skeleton);
  const label = comparable('Custom ', skeleton);
  const withoutLabel = plain.startsWith(`${label} `) ? plain.slice(label.length + 1) : plain;
  return names.has(plain) || names.has(withoutLabel);
}
