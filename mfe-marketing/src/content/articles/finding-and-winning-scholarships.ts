import { h, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'finding-and-winning-scholarships' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
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
];

export default body;
