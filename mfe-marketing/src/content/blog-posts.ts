import { blogSummaries, type BlogPostId } from './blog';
import type { ArticleBlock, BlogPost } from './blog-articles';
import findingAndWinningScholarships from './articles/finding-and-winning-scholarships';
import ukStudentVisaDocumentsChecklist from './articles/uk-student-visa-documents-checklist';
import writingAMemorablePersonalStatement from './articles/writing-a-memorable-personal-statement';
import canadaOrAustralia from './articles/canada-or-australia';
import studyAbroadApplicationTimeline from './articles/study-abroad-application-timeline';
import proofOfFundsForStudentVisas from './articles/proof-of-funds-for-student-visas';

/** Every article with its body, loaded at once: for tests and tools, never for a page (each page loads its own body). */
const bodies: Record<BlogPostId, readonly ArticleBlock[]> = {
  'finding-and-winning-scholarships': findingAndWinningScholarships,
  'uk-student-visa-documents-checklist': ukStudentVisaDocumentsChecklist,
  'writing-a-memorable-personal-statement': writingAMemorablePersonalStatement,
  'canada-or-australia': canadaOrAustralia,
  'study-abroad-application-timeline': studyAbroadApplicationTimeline,
  'proof-of-funds-for-student-visas': proofOfFundsForStudentVisas,
};

export const blogPosts: readonly BlogPost[] = blogSummaries.map((summary) => ({ ...summary, body: bodies[summary.id] }));
