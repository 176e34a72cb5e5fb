import { site } from '@kesho/site-rules/site';
import { formatKes } from '@kesho/site-rules/money';
import { serviceCards } from './services';
import { typicalTimelines } from './process';
import { contactUs } from './actions';
import type { PageAction } from './types';
import { FULL_REFUND_WINDOW_DAYS, REFUND_PROCESSING_FEE_KES, pricingPackages, type PackageId } from './pricing';

/**
 * The sixteen questions of the FAQ page, in four categories of four. The page and its
 * FAQPage structured data both read this module, so what search engines see is what visitors read.
 */

/** Package prices come from the pricing page's content, so the FAQ can never quote another price. */
function packagePrice(id: PackageId): string {
  const found = pricingPackages.find((pricingPackage) => pricingPackage.id === id);
  if (!found) throw new Error(`The pricing content has no ${id} package`);
  return found.price;
}

export interface FaqItem {
  /** Stable, unique id: used for the element ids, so never derived from the question text. */
  readonly id: string;
  readonly question: string;
  /** Plain text: it is also the JSON-LD answer. */
  readonly answer: string;
  /** Where to read more, shown under the answer. */
  readonly link?: { readonly to: string; readonly label: string };
}

export interface FaqCategory {
  readonly id: string;
  readonly title: string;
  readonly items: readonly FaqItem[];
}

const countryNames = site.partnerCountsByCountry.map((entry) => entry.country);
const listInProse = (names: readonly string[]) => (names.length > 1 ? `${names.slice(0, -1).join(', ')} and ${names[names.length - 1]}` : (names[0] ?? ''));

export const faqCategories: readonly FaqCategory[] = [
  {
    id: 'general',
    title: 'General',
    items: [
      {
        id: 'who-are-you',
        question: `Who is ${site.brand}?`,
        answer: `${site.brand} is a study-abroad consultancy in Nairobi. ${site.legalName} was registered in ${site.incorporatedIn} on ${site.incorporatedDisplay} under company number ${site.companyNumber}. We help students with university admissions, student visas, scholarships and career choices, and we represent universities and colleges in East Africa.`,
        link: { to: '/about', label: 'Read more about us' },
      },
      {
        id: 'who-can-use',
        question: 'Who can use your services?',
        answer: `Our services are for students aged ${site.minimumAge} and over who want to study abroad, whether they are finishing secondary school, applying for a degree or planning postgraduate study. Most of our students come from Kenya and East Africa, and parents and guardians are welcome at every meeting.`,
      },
      {
        id: 'free-consultation',
        question: 'Is the first consultation really free?',
        answer:
          'Yes. Your first consultation is free and carries no obligation. We look at your grades, goals, budget and preferred countries, tell you honestly what is realistic and suggest next steps. You pay only if you decide to go ahead with a package or service.',
        link: { to: '/contact', label: 'Book your free consultation' },
      },
      {
        id: 'countries',
        question: 'Which countries can you help me study in?',
        answer: `We work with ${site.figures.universities} universities in ${site.figures.partnerCountries} countries, including ${listInProse(countryNames)}. If you have another destination in mind, ask us during your free consultation.`,
      },
    ],
  },
  {
    id: 'services',
    title: 'Services',
    items: [
      {
        id: 'what-services',
        question: 'What services do you offer?',
        answer: `We offer ${listInProse(serviceCards.map((card) => card.title))}. Students can choose a complete package or pick individual services such as essay editing, interview preparation or relocation support.`,
        link: { to: '/services', label: 'Explore our services' },
      },
      {
        id: 'how-long',
        question: 'How long does the whole process take?',
        answer: `University applications typically take ${typicalTimelines.universityApplications} from shortlist to offer, and a student visa typically takes ${typicalTimelines.studentVisa} once you have your offer and documents. We recommend starting six to twelve months before your intended intake.`,
      },
      {
        id: 'guarantee',
        question: 'Can you guarantee my admission or visa?',
        answer: `No, and you should be wary of anyone who does. Admission decisions belong to universities and visa decisions to embassies. What we guarantee is careful, honest preparation, which is why we have a ${site.figures.visaSuccess} visa success rate and ${site.figures.topChoiceOffers} of our clients receive offers from their top-choice universities.`,
        link: { to: '/ethics', label: 'Read our Anti-Fraud & Ethics policy' },
      },
      {
        id: 'build-own',
        question: 'Can I choose only the services I need?',
        answer:
          'Yes. Our package builder lets you pick individual services, set how many you need and see your total straight away, then pay online. You can also start with a package and add services later.',
        link: { to: '/custom-quote', label: 'Build your package' },
      },
    ],
  },
  {
    id: 'payments-refunds',
    title: 'Payments & Refunds',
    items: [
      {
        id: 'package-prices',
        question: 'How much do your packages cost?',
        answer: `Basic costs ${packagePrice('basic')} and covers one university application. Complete costs ${packagePrice('complete')} and covers up to three applications; it is our most popular package. Premium costs ${packagePrice('premium')} and covers unlimited applications. Prices exclude VAT, and you can upgrade at any time by paying the difference.`,
        link: { to: '/pricing', label: 'Compare our packages' },
      },
      {
        id: 'payment-methods',
        question: 'How can I pay?',
        answer:
          'You can pay by card, mobile money or bank transfer. Card payments are processed securely by our card payment provider, so we never see or store your full card details. Payment plans are available for the Complete and Premium packages.',
      },
      {
        id: 'refund-policy',
        question: 'What is your refund policy?',
        answer: `If you cancel within ${FULL_REFUND_WINDOW_DAYS} days and advisory work has not started, you receive a full refund. Once work has begun, refunds are pro-rata: the total fee minus the share of work already done, minus a ${formatKes(REFUND_PROCESSING_FEE_KES)} processing fee. There is no refund once a service is complete, or for a visa refused because false information was provided.`,
        link: { to: '/refund', label: 'Read the full Refund Policy' },
      },
      {
        id: 'refund-time',
        question: 'How long does a refund take?',
        answer:
          'We review refund requests within 3 to 5 business days and pay approved refunds within 7 to 10 business days. If you disagree with a decision, you can appeal within 14 days, and we decide appeals within 10 business days.',
      },
    ],
  },
  {
    id: 'success-support',
    title: 'Success & Support',
    items: [
      {
        id: 'track-record',
        question: 'What results have your students achieved?',
        answer: `We have placed ${site.figures.studentsPlaced} students at ${site.figures.universities} universities, with a ${site.figures.visaSuccess} visa success rate. ${site.figures.topChoiceOffers} of our clients receive offers from their top-choice universities, and our students secured ${site.figures.scholarshipsSecured} in scholarships in the past year.`,
        link: { to: '/success-stories', label: 'Read our success stories' },
      },
      {
        id: 'scholarships',
        question: 'Can you help me win a scholarship?',
        answer:
          'Yes. We find the scholarships you are eligible for, plan their deadlines and help you write applications that stand out to selection panels. Awards are decided by the funders, so no one can promise one, but strong preparation makes a real difference.',
        link: { to: '/services/scholarships', label: 'See our scholarship service' },
      },
      {
        id: 'after-offer',
        question: 'What support do I get after I receive an offer?',
        answer:
          'We help you accept the right offer, prepare your student visa and get ready to travel. Before you leave, a pre-departure briefing covers accommodation, travel, banking, health cover and student life, and relocation support is available if you want help settling in.',
      },
      {
        id: 'contact',
        question: 'How do I reach you?',
        answer: `Call us on ${site.phone.display} or e-mail ${site.email}. We are open ${site.hours.display}, and we reply to every message within 24 hours.`,
        link: { to: '/contact', label: 'Contact us' },
      },
    ],
  },
];

export const faqItems: readonly FaqItem[] = faqCategories.flatMap((category) => category.items);

export const faqHeader = {
  title: 'Frequently Asked Questions',
  lead: 'Answers to the questions students and parents ask us most often: about our services, payments and refunds, and the support you get along the way.',
} as const;

/** The closing prompt: a way to write to us (the action) and a way to call us (the site's phone). */
export const faqClosing: { readonly title: string; readonly text: string; readonly action: PageAction } = {
  title: 'Still have questions?',
  text: `Our advisers are happy to help. Send us a message or call us, ${site.hours.display}.`,
  action: contactUs,
};
