import { blogSummaries, type BlogPostId, type BlogSummary } from './blog';

/**
 * The blog articles in full: each summary from `blog.ts` with its body. Loaded only by the blog's
 * page chunks (the list, for read times, and the article pages).
 */

export type ArticleBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered?: boolean; readonly items: readonly string[] };

export interface BlogPost extends BlogSummary {
  /** e.g. "3 min read", worked out from the body's length. */
  readonly readTime: string;
  readonly body: readonly ArticleBlock[];
}

/** An unhurried reading pace, so the estimate does not undersell the article. */
const WORDS_PER_MINUTE = 200;

export function countWords(body: readonly ArticleBlock[]): number {
  const texts = body.flatMap((block) => (block.kind === 'list' ? block.items : [block.text]));
  return texts.reduce((total, text) => total + text.split(/\s+/).filter(Boolean).length, 0);
}

function readTimeOf(body: readonly ArticleBlock[]): string {
  return `${Math.max(1, Math.round(countWords(body) / WORDS_PER_MINUTE))} min read`;
}

const p = (text: string): ArticleBlock => ({ kind: 'paragraph', text });
const h = (text: string): ArticleBlock => ({ kind: 'heading', text });
const ul = (...items: string[]): ArticleBlock => ({ kind: 'list', items });
const ol = (...items: string[]): ArticleBlock => ({ kind: 'list', ordered: true, items });

const bodies: Record<BlogPostId, readonly ArticleBlock[]> = {
  'finding-and-winning-scholarships': [
    p(
      'Every year we meet talented students who assume scholarships are for a lucky few. In our experience they go to the students who start early, apply widely and follow the instructions exactly. Here is how to give yourself the best chance.',
    ),
    h('Start twelve to eighteen months ahead'),
    p(
      'The most generous awards close long before your course begins. Many government scholarships open in late summer and close in the autumn of the year before you travel, and university awards often share the deadline of the admission application itself. If you want to start in September 2026, your scholarship search should begin in 2025.',
    ),
    h('Know the main types of award'),
    ul(
      'University merit awards: offered by the university, sometimes automatically with your offer, sometimes through a separate form. They usually reduce tuition rather than cover it fully.',
      'Government scholarships: programmes such as Chevening and the Commonwealth Scholarships for the UK, or DAAD scholarships for Germany, which favour applicants with work experience and a clear plan to contribute at home.',
      'Foundation scholarships: the Mastercard Foundation Scholars Program, for example, works with partner universities including the University of Toronto, the University of British Columbia and Arizona State University, and focuses on talented young Africans with financial need.',
      'Departmental and subject awards: smaller sums from a faculty, often for students in science, engineering or public health.',
    ),
    h('Search in the right places'),
    p(
      'Begin with the official scholarship pages of each university on your shortlist and the websites of the scholarship bodies themselves. Read the eligibility rules first: nationality, level of study, subject, work experience and sometimes age. A scholarship you are not eligible for is time lost, however attractive it looks.',
    ),
    p(
      'Be wary of anyone who asks for money to “guarantee” a scholarship or sells lists of secret awards. Genuine scholarships never charge an application fee to be considered, and no adviser can promise a result.',
    ),
    h('Write an application that answers the question'),
    p(
      'Selection panels read thousands of essays. The ones that succeed are specific. Instead of writing that you are passionate about development, describe the water project you organised in your village, what went wrong and what you learned. Link your chosen course to a concrete goal, and explain how you will use your degree in Kenya or East Africa afterwards.',
    ),
    ul(
      'Answer each essay prompt directly, within the word limit.',
      'Use evidence: results, responsibilities, numbers and outcomes.',
      'Ask referees at least a month before the deadline, and tell them what the scholarship values.',
      'Proofread, then ask someone else to proofread again.',
    ),
    h('Plan for a partial award'),
    p(
      'Full scholarships are rare and competitive. Most students combine a partial university award with family savings, a sponsor or an education loan. Build your budget on that assumption, because visa officers will still ask you to prove that you can pay whatever the scholarship does not cover.',
    ),
    h('Keep a tracker'),
    p(
      'List every scholarship with its deadline, documents, essay questions and referees in one spreadsheet, and check it weekly. Missed deadlines are the most common reason good candidates never get considered.',
    ),
    p('If you would like help, our advisors can build your scholarship shortlist, check your eligibility and review your essays before you submit them.'),
  ],
  'uk-student-visa-documents-checklist': [
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
  ],
  'writing-a-memorable-personal-statement': [
    p(
      'Before co-founding this consultancy, I spent years reading personal statements as an international admissions officer. The ones I remembered were rarely the most polished. They were the ones that made it obvious why this student wanted this subject, and what they had already done about it.',
    ),
    h('What admissions tutors are looking for'),
    ul(
      'Genuine motivation for the subject, shown rather than claimed.',
      'Evidence that you have explored it beyond the classroom: reading, projects, work experience, competitions or volunteering.',
      'Skills the course needs, such as analysis, writing, teamwork or problem solving.',
      'Signs that you will cope with, and contribute to, university study.',
    ),
    h('Start with material, not sentences'),
    p(
      'Before you write anything, spend an hour listing everything you have done that connects to your subject: a book that changed your mind, a school project, a job at a family business, a problem in your community you tried to solve. Then pick the three or four examples that say the most about you. Depth beats a long list.',
    ),
    h('A structure that works'),
    ol(
      'Open with why the subject matters to you, using a specific moment or question rather than a famous quotation.',
      'Spend most of the statement on academic evidence: what you studied, read or did, and what you learned from it.',
      'Add activities and responsibilities outside class, linking each to a skill the course needs.',
      'Close with where you hope the degree will take you and why this course is the next step.',
    ),
    p(
      'For UK courses, tutors care mostly about the subject, so keep the academic part to roughly three quarters of the statement. US and Canadian essays often invite more personal stories, but the principle is the same: every paragraph should show something about you that the rest of the application cannot.',
    ),
    h('Reflect, do not just report'),
    p(
      '“I volunteered at a clinic in Machakos” is a fact. “Watching nurses ration medicine at a clinic in Machakos made me want to understand how health budgets are decided” is a reason. After each example, ask yourself what it taught you and why it matters for this course.',
    ),
    h('Mind the format'),
    p(
      'UCAS statements for UK undergraduate courses have been limited to 4,000 characters, and UCAS is moving to a new format of three questions for students applying for 2026 entry, so check which version applies to you. Postgraduate statements of purpose usually have a word limit set by each university. Write within the limit from the first draft; cutting a long draft later is painful.',
    ),
    h('Mistakes that cost places'),
    ul(
      'Clichés such as “ever since I was young” that any applicant could write.',
      'Listing achievements without saying what they show.',
      'Overstating experience, which an interview can quickly expose.',
      'Copying or generating text: UCAS and universities run similarity checks, and a statement that is not yours can end an application.',
    ),
    h('Draft, rest, revise'),
    p(
      'Expect to write three to five drafts. Leave a few days between them, read each one aloud and ask a teacher who knows you to comment. Then let the final version sound like you, not like an adult who wrote it for you.',
    ),
  ],
  'canada-or-australia': [
    p(
      'Canada and Australia are two of the most popular choices for Kenyan students, and for good reason: both have world-class universities, welcoming cities and routes to work after graduation. Both have also tightened their rules since 2024, so the right choice depends on your course, your budget and your plans after you graduate.',
    ),
    h('Universities and courses'),
    p(
      'Start with the course, not the country. Canada is strong in engineering, computer science, business and health sciences, with universities such as the University of Toronto and the University of British Columbia. Australia is known for health, agriculture, environmental science, mining and business, at institutions such as the University of Melbourne and Monash University. Compare course content, accreditation and entry requirements side by side.',
    ),
    h('Intakes'),
    ul('Canada: the main intake is in September, with smaller intakes in January and, for some colleges, in May.', 'Australia: the main intakes are in February and July.'),
    p('If you finish secondary school or a degree in Kenya late in the year, Australia’s February start can save you months of waiting.'),
    h('Money'),
    p(
      'Tuition varies widely by course and institution in both countries, so compare real offers rather than averages. For the visa, Canada asks most study permit applicants to show living funds on top of their first year’s tuition and travel, an amount it raised to CAD 20,635 for a single student in January 2024. Australia raised its own savings requirement to AUD 29,710 a year in May 2024. Both figures were current at the time of writing and are reviewed regularly, so check the official websites before you apply.',
    ),
    h('Visa rules'),
    p(
      'Canada now caps the number of new study permits and requires most new students to include a provincial attestation letter, which your institution helps you obtain, with the application. Australia assesses every applicant against its Genuine Student requirement, which asks you to explain your circumstances, your course choice and how it fits your future. In both cases a clear, honest study plan matters as much as your bank statements.',
    ),
    h('Working while you study'),
    p(
      'Students in Canada can usually work up to 24 hours a week off campus during term. In Australia, the limit is 48 hours per fortnight during study periods. In both countries you can usually work full time during scheduled breaks. Part-time work helps with living costs but will rarely cover tuition, so do not plan your budget around it.',
    ),
    h('After graduation'),
    p(
      'Canada’s Post-Graduation Work Permit can last up to three years, depending on the length of your programme, and some college programmes must now be in fields linked to labour shortages to qualify. Australia’s Temporary Graduate visa typically allows two to three years of work, depending on your qualification. Rules on both change often, so read the current guidance for your exact course.',
    ),
    h('How to decide'),
    ol(
      'Shortlist courses that match your goals in both countries.',
      'Compare the total cost: tuition, living costs, insurance and travel.',
      'Check the intake that fits your timeline.',
      'Read the current work and post-study rules for your course.',
      'Think about climate, cost of living in each city and where you have family or friends.',
    ),
    p('Still unsure? A free consultation with one of our advisors is a good place to compare your options with real offers in front of you.'),
  ],
  'study-abroad-application-timeline': [
    p(
      'University applications typically take two to four months from shortlist to offer, and a student visa another two to eight weeks. Add tests, scholarships and paperwork, and the whole journey usually takes a year or more. This planner works back from a September start, the most common intake in the UK, Canada and the USA. For a February start in Australia, move everything about seven months earlier.',
    ),
    h('15 to 12 months before: research and groundwork'),
    ul(
      'Agree a realistic budget as a family, including living costs and travel.',
      'Shortlist countries, universities and courses that match your grades and goals.',
      'Apply for or renew your passport on eCitizen, as this can take several weeks.',
      'Collect your KCSE certificate, transcripts and any degree certificates.',
      'Start preparing for an English test such as IELTS, if your universities need one.',
    ),
    h('12 to 9 months before: tests, essays and scholarships'),
    ul(
      'Sit your English test, leaving time to retake it if needed.',
      'Draft your personal statement or statement of purpose.',
      'Ask two or three referees for references and give them at least a month.',
      'Note every scholarship deadline: many close in the autumn before you travel.',
    ),
    h('9 to 6 months before: applications'),
    p(
      'Submit your applications. For UK undergraduate courses, the main UCAS deadline falls at the end of January. US regular decision deadlines are usually in early January, and Canadian deadlines run from December to March depending on the university. Apply early where admission is rolling, as places and scholarships can run out.',
    ),
    h('6 to 3 months before: offers and funding'),
    ul(
      'Compare your offers, accept one and pay any deposit required.',
      'Meet the conditions of your offer and send final documents.',
      'Receive your CAS (UK), letter of acceptance (Canada and Australia) or I-20 (USA).',
      'Put your funds in place. For the UK, the money must be held for 28 consecutive days before you apply.',
      'Book any medical checks your visa needs, such as the UK tuberculosis test.',
    ),
    h('3 to 1 months before: visa and logistics'),
    ul(
      'Submit your visa application as soon as you are allowed to.',
      'Arrange accommodation: university halls often fill early.',
      'Arrange health insurance where your destination requires it.',
      'Book flights once your visa is granted, not before.',
    ),
    h('The final month: getting ready to go'),
    ul(
      'Attend a pre-departure briefing and read your university’s arrival guide.',
      'Keep originals and copies of all key documents in your hand luggage.',
      'Arrange access to money for your first weeks, such as a card that works abroad.',
      'Tell your bank and family your travel plans, and say your goodbyes.',
    ),
    h('If you are starting late'),
    p(
      'If you are reading this with less time than the planner suggests, do not panic. Some universities accept applications close to the start date, and a January intake may suit you better. The key is to be honest about what is achievable and to prioritise the steps with fixed deadlines.',
    ),
  ],
  'proof-of-funds-for-student-visas': [
    p(
      'Every student visa asks the same underlying question: can you pay for your course and support yourself without breaking the rules? Most refusals we review come down to how that question was answered. Here is how to prepare financial evidence that a visa officer can trust.',
    ),
    h('What the officer needs to see'),
    ol(
      'Enough money: usually your remaining tuition plus a set amount for living costs, sometimes with travel costs on top.',
      'Money that is really available to you: in your name, or your parents’ or sponsor’s name with proof of your relationship and their consent.',
      'A legitimate source: savings, income, a loan or an award that makes sense for the family’s circumstances.',
    ),
    h('How the rules differ'),
    ul(
      'United Kingdom: the money must be held for 28 consecutive days, ending no more than 31 days before you apply.',
      'Canada: you show funds for your first year’s tuition and living costs; many students also buy a Guaranteed Investment Certificate to show living funds.',
      'Australia: you show funds for 12 months, or meet the alternative based on a parent’s or partner’s annual income.',
      'United States: your university issues an I-20 showing the estimated cost, and you prove you can meet it with bank statements, sponsor letters or scholarship awards.',
    ),
    h('Acceptable sources of money'),
    ul(
      'Personal or family savings held in a recognised bank or financial institution.',
      'An education loan, shown by a formal loan approval letter from the lender.',
      'A scholarship or sponsorship, shown by an official award letter that states the amount and what it covers.',
      'Fixed deposits, if you can show they are available when you need them.',
    ),
    p(
      'If your family saves through a SACCO or holds money in other accounts, check early whether the destination country accepts that institution, and allow time to move the money if it does not.',
    ),
    h('Red flags visa officers notice'),
    ul(
      'A large deposit shortly before the statements, with no explanation of where it came from.',
      'Money borrowed just to be shown and then returned.',
      'A sponsor whose income cannot plausibly support the amount.',
      'Statements that look edited, lack the bank’s stamp or cannot be verified.',
    ),
    p(
      'Large deposits are not a problem in themselves. If your family sold land or a vehicle, include the sale agreement and a short letter explaining the deposit. Transparency turns a red flag into evidence.',
    ),
    h('Practical tips'),
    ul(
      'Convert amounts using the exchange rate the embassy uses, and keep a margin above the minimum in case the shilling moves.',
      'Make sure names match exactly across passports, birth certificates and bank documents.',
      'Use original statements on letterhead, stamped by the bank, or electronic statements the bank can verify.',
      'Start planning your funds at least three months before your visa application.',
    ),
    h('Never fake it'),
    p(
      'Fake or altered financial documents lead to refusal and can lead to a ban from the country for years. They can also follow you into future applications to other countries. If your funds fall short, talk to us: there may be a more affordable course, a later intake or a scholarship that closes the gap honestly.',
    ),
  ],
};

export const blogPosts: readonly BlogPost[] = blogSummaries.map((summary) => {
  const body = bodies[summary.id];
  return { ...summary, body, readTime: readTimeOf(body) };
});

export function findPost(id: BlogPostId): BlogPost {
  const post = blogPosts.find((candidate) => candidate.id === id);
  if (!post) throw new Error(`No blog article ${id}`);
  return post;
}
