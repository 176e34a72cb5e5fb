import { h, ol, p, ul, type ArticleBlock } from './blocks';

/** The body of the article 'writing-a-memorable-personal-statement' (its summary is in ../blog.ts); only its own page loads it. */
const body: readonly ArticleBlock[] = [
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
];

export default body;
