import { typicalTimelines } from '@kesho/site-rules/advisory-packages';
import { site } from '@kesho/site-rules/site';
import { serviceCard } from './meta';
import { bookConsultation } from '../actions';
import { servicesEyebrow } from './shared';
import type { CallToAction, PageAction, ProcessStep, Stat } from '../types';
import type { HeaderContent, Offering, ProseSection, SectionHeading, SupportedCountry } from './types';

export interface VisaPageContent {
  readonly title: string;
  readonly header: HeaderContent;
  readonly headerAction: PageAction;
  readonly overview: ProseSection;
  readonly offerings: SectionHeading & { readonly items: readonly Offering[] };
  readonly countries: SectionHeading & { readonly items: readonly SupportedCountry[] };
  readonly process: SectionHeading & { readonly steps: readonly ProcessStep[] };
  readonly requirements: SectionHeading & { readonly items: readonly string[]; readonly note: string };
  readonly timeline: SectionHeading & { readonly stats: readonly Stat[]; readonly note: string };
  readonly cta: CallToAction;
}

const card = serviceCard('visa');

/** How long a student visa typically takes, as every page that quotes it says it. */
const typicalVisaTimeline = typicalTimelines.visa;

export const visaPage: VisaPageContent = {
  title: card.title,
  header: { eyebrow: servicesEyebrow, lead: card.description },
  headerAction: bookConsultation,

  overview: {
    heading: 'Careful preparation, honest applications',
    paragraphs: [
      'A student visa application is judged on its documents: proof of admission, proof that you can pay for your studies and living costs, and evidence that you meet the destination’s rules. Small mistakes, such as an unexplained deposit in a bank statement or a missing translation, are behind many of the refusals we are asked to look at.',
      'Our visa team works through your file document by document, explains what each embassy or immigration authority expects, and prepares you for biometrics and interviews. We only ever submit genuine documents and truthful answers: misrepresentation can lead to a refusal and a ban on future applications.',
      `Our students have a ${site.figures.visaSuccess} visa success rate. Even so, every decision rests with the immigration authorities of the country concerned, and no honest adviser can guarantee a visa. What we can do is make sure your application is complete, consistent and submitted on time.`,
    ],
  },

  offerings: {
    heading: 'What the service includes',
    intro: 'Support from the day you receive your offer letter to the day you board your flight.',
    items: [
      {
        title: 'Visa eligibility assessment',
        description: 'We check your admission, finances, study history and travel history against your destination’s rules before you pay any visa fees.',
      },
      {
        title: 'Personalised document checklist',
        description: 'A checklist built for your visa type and country, with clear guidance on format, certification and translation.',
      },
      {
        title: 'Financial documents review',
        description: 'We review bank statements, sponsor letters, loan and scholarship letters so that your proof of funds is clear and consistent.',
      },
      {
        title: 'Application form support',
        description: 'Help completing online visa forms accurately, paying the correct fees and booking biometrics or visa appointments.',
      },
      {
        title: 'Interview preparation',
        description: 'Mock interviews for embassies that interview students, such as the US F-1 interview, with practical feedback.',
      },
      {
        title: 'Pre-departure briefing',
        description: 'Guidance on travel, arrival, registering with the authorities where required, and keeping to the conditions of your visa.',
      },
    ],
  },

  countries: {
    heading: 'Countries we support',
    intro: 'We prepare student visa applications for eight destinations. Each has its own forms, fees and financial rules, and we keep our checklists in line with official guidance.',
    items: [
      { name: 'Canada', visa: 'Study permit' },
      { name: 'UK', visa: 'Student visa' },
      { name: 'USA', visa: 'F-1 student visa' },
      { name: 'Australia', visa: 'Student visa (subclass 500)' },
      { name: 'UAE', visa: 'Student residence visa' },
      { name: 'Germany', visa: 'National visa for study' },
      { name: 'India', visa: 'Student visa' },
      { name: 'New Zealand', visa: 'Fee Paying Student Visa' },
    ],
  },

  process: {
    heading: 'Our five-step visa process',
    intro: 'A clear sequence that leaves nothing to the last minute.',
    steps: [
      {
        title: 'Assessment',
        description: 'We review your offer letter, finances and history, confirm the right visa route and flag anything that needs explaining early.',
      },
      {
        title: 'Document preparation',
        description: 'You gather documents against your personalised checklist while we review each one for accuracy, consistency and format.',
      },
      {
        title: 'Application',
        description: 'We help you complete the online form, pay the correct fees and book biometrics or a visa appointment.',
      },
      {
        title: 'Interview and biometrics',
        description: 'Where an interview is required, we run mock sessions so that you can explain your study plans and finances confidently and truthfully.',
      },
      {
        title: 'Decision and next steps',
        description: 'After an approval we brief you for travel. After a refusal we go through the reasons with you and advise honestly on whether and how to reapply.',
      },
    ],
  },

  requirements: {
    heading: 'Common requirements',
    intro: 'Every country sets its own rules, but most student visa applications ask for the following.',
    items: [
      'A passport valid for at least 6 months beyond your intended stay, with blank pages for the visa',
      'An offer or confirmation of enrolment from a recognised institution, such as a CAS for the UK, an I-20 for the USA or a CoE for Australia',
      'Proof of funds for tuition and living costs, usually recent bank statements, a sponsor’s letter or a scholarship letter',
      'Academic certificates and transcripts, with certified translations where needed',
      'Evidence of English language ability, such as IELTS, TOEFL or PTE results',
      'Completed application forms, passport photographs and the visa fee',
      'A medical examination or health insurance, depending on the country',
      'A police clearance certificate, such as a Certificate of Good Conduct, where required',
    ],
    note: 'Requirements change from time to time, so we confirm the current rules with official government sources before every application.',
  },

  timeline: {
    heading: 'Timelines and results',
    intro: 'How long a decision takes depends on the country, the time of year and how complete your application is.',
    stats: [
      { value: typicalVisaTimeline, label: 'typical visa processing time' },
      { value: site.figures.visaSuccess, label: 'visa success rate for our students' },
    ],
    note: `A typical student visa takes ${typicalVisaTimeline} to process. Apply as soon as your offer and documents are ready, because processing often slows before the main September and January intakes.`,
  },

  cta: {
    heading: 'Get your visa file checked',
    text: 'Book a consultation and we will review where you stand, what you still need and how long your application is likely to take.',
    action: bookConsultation,
  },
};
