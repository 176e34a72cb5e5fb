import { h, ol, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'canada-or-australia' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
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
];

export default body;
