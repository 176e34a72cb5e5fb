import { h, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'study-abroad-application-timeline' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
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
];

export default body;
