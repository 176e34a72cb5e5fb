import { Container, PageHeader, Section } from '@kesho/shell-kit';
import type { PageModule } from '@kesho/shell-kit';
import { blogSections, type BlogPostId } from '../content/blog';
import { findPost } from '../content/blog-articles';
import { blogPostingJsonLd } from '../content/blog-jsonld';
import { ArticleView } from '../components/blog/ArticleView';

/**
 * One blog article on its own page (`/blog/<slug>`). Every article shares this chunk; the route
 * table asks for the article it serves by id.
 */
export function articlePage(id: BlogPostId): PageModule {
  const post = findPost(id);
  function BlogArticlePage() {
    return (
      <>
        <PageHeader eyebrow={post.category} title={post.title} />
        <Section as="div">
          <Container>
            <ArticleView post={post} byline={blogSections.byline} backText={blogSections.backText} backTo="/blog" />
          </Container>
        </Section>
      </>
    );
  }
  return { default: BlogArticlePage, jsonLd: [blogPostingJsonLd(post)] };
}
