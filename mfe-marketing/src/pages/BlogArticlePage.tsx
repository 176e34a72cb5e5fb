import { Container, PageHeader, Section } from '@kesho/shell-kit';
import type { PageModule } from '@kesho/shell-kit';
import { blogSections } from '../content/blog';
import type { BlogPost } from '../content/blog-articles';
import { blogPostingJsonLd } from '../content/blog-jsonld';
import { ArticleView } from '../components/blog/ArticleView';

/**
 * One blog article on its own page (`/blog/<slug>`). Every article shares this chunk; the route
 * hands it the article it serves, body loaded (content/blog-articles.ts loadPost).
 */
export function articlePage(post: BlogPost): PageModule {
  function BlogArticlePage() {
    return (
      <>
        <PageHeader eyebrow={post.category} title={post.title} />
        <Section as="div">
          <Container>
            <ArticleView post={post} byline={blogSections.byline} updatedText={blogSections.updated} backText={blogSections.backText} backTo="/blog" />
          </Container>
        </Section>
      </>
    );
  }
  return { default: BlogArticlePage, jsonLd: [blogPostingJsonLd(post)] };
}
