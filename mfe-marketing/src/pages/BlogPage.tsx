import styled from 'styled-components';
import { Container, PageHeader, Section, tokens } from '@kesho/shell-kit';
import { blogHeader, blogSections, blogSummaries, newsletter, type BlogSummary } from '../content/blog';
import { ArticleCard } from '../components/blog/ArticleCard';
import { NewsletterForm } from '../components/blog/NewsletterForm';
import { CardGrid } from '../components/shared/cardGrid';
import { SectionIntro } from '../components/shared/SectionIntro';

const ListSection = styled.section`
  & + & {
    margin-top: ${tokens.space(12)};
  }
`;

/**
 * The blog: a featured article, five more cards and a newsletter form. Each card's Read link opens
 * the article's own page.
 */
export default function BlogPage() {
  const [featured, ...others] = blogSummaries;

  const card = (post: BlogSummary, isFeatured: boolean) => <ArticleCard post={post} featured={isFeatured} readText={blogSections.readText} byline={blogSections.byline} />;

  return (
    <>
      <PageHeader eyebrow={blogHeader.eyebrow} title={blogHeader.title}>
        <p>{blogHeader.lead}</p>
      </PageHeader>

      <Section as="div">
        <Container>
          {featured ? (
            <ListSection aria-labelledby="blog-featured-title">
              <h2 id="blog-featured-title">{blogSections.featuredTitle}</h2>
              {card(featured, true)}
            </ListSection>
          ) : null}
          <ListSection aria-labelledby="blog-more-title">
            <h2 id="blog-more-title">{blogSections.moreTitle}</h2>
            <CardGrid>
              {others.map((post) => (
                <li key={post.slug}>{card(post, false)}</li>
              ))}
            </CardGrid>
          </ListSection>
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="newsletter-title">
        <Container>
          <SectionIntro id="newsletter-title" title={newsletter.title}>
            {newsletter.intro}
          </SectionIntro>
          <NewsletterForm titleId="newsletter-title" />
        </Container>
      </Section>
    </>
  );
}
