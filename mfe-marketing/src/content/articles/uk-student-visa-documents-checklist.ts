import { h, ol, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'uk-student-visa-documents-checklist' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
  p(
    'Most UK Student visa refusals we see are not about the student at all: they are about a missing or inconsistent document. The good news is that the requirements are published and predictable. Use this checklist to prepare your file before you apply.',
  ),
  h('When and how to apply'),
  p(
    'You can apply online from Kenya up to six months before your course starts, once your university has given you a Confirmation of Acceptance for Studies (CAS). After paying, you book an appointment at the UK visa application centre in Nairobi to give your fingerprints and photograph. A decision usually arrives within three weeks, so do not leave it until the last month.',
  ),
  h('The documents'),
  ol(
    'A valid passport with at least one blank page. If your passport expires during your course, renew it first.',
    'Your CAS reference number, and a check that every detail on the CAS (name, date of birth, course dates, fees paid) matches your other documents.',
    'Proof of funds: enough money to pay your remaining first-year tuition plus the living-cost amount set by UK Visas and Immigration for up to nine months, which is higher for courses in London.',
    'Bank statements showing that money held for at least 28 consecutive days, with the last day of that period no more than 31 days before you submit your application.',
    'If the money is in a parent’s account: your birth certificate and a signed letter from your parent confirming that the funds are available for your studies.',
    'A tuberculosis test certificate from a clinic approved by the UK Home Office, because Kenyan residents applying for more than six months must be screened.',
    'The academic qualifications listed on your CAS, such as your KCSE certificate or degree transcripts, with certified translations of anything not in English.',
    'An ATAS certificate, if your postgraduate course is in certain sensitive science or technology subjects. Your university will tell you if you need one.',
    'Parental consent, if you are under 18.',
  ),
  p(
    'You will also pay the visa fee and the Immigration Health Surcharge online as part of the application. Both change from time to time, so check the current amounts on GOV.UK when you apply.',
  ),
  h('English language'),
  p(
    'For degree-level study, your university usually assesses your English and states on the CAS how it did so. If the CAS names a test, bring the certificate. If it relies on your previous studies in English, keep your transcripts to hand.',
  ),
  h('Common mistakes to avoid'),
  ul(
    'Statements that dip below the required amount on any day of the 28-day period.',
    'A large deposit just before the statement period with no explanation of where it came from.',
    'Names spelt differently on the passport, CAS and bank documents.',
    'Unclear photocopies, or statements without the bank’s stamp or letterhead.',
  ),
  h('Honesty is not optional'),
  p(
    'Never submit a document you know to be false, and never let anyone do it on your behalf. The UK can refuse an application for deception and ban the applicant from returning for up to ten years. A complete, truthful file is the fastest route to a visa.',
  ),
  p('If you would like a second pair of eyes, our visa team reviews every page of your file against your CAS before you book the appointment.'),
];

export default body;
