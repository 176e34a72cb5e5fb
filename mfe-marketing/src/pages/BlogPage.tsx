import { useEffect, useRef, useState } from 'react';
import styled from 'styled-components';
import { Container, PageHeader, Section, tokens } from '@kesho/shell-kit';
import { blogHeader, blogPosts, blogSections, newsletter, type BlogPost } from '../content/blog';
import { ArticleCard } from '../components/engage/ArticleCard';
import { ArticleView } from '../components/engage/ArticleView';
import { NewsletterForm } from '../components/engage/NewsletterForm';
import { CardGrid, SectionIntro, SectionTitle } from '../components/engage/layout';

const ARTICLE_LIST_ID = 'blog-articles';

const ListSection = styled.section`
  & + & { margin-top: ${tokens.space(12)}; }
`;

type PendingFocus = { readonly kind: 'article' } | { readonly kind: 'card'; readonly slug: string } | null;

function findPost(slug: string): BlogPost | undefined {
  return blogPosts.find((post) => post.slug === slug);
}

/**
 * The blog: a featured article, five more cards and a newsletter form. Without JavaScript every
 * article is printed in full below the cards and the Read links jump to it. Once the page is
 * hydrated, Read opens the article in place of the list and moves focus to its title; "Back to all
 * articles" returns focus to the Read link that opened it.
 */
export default function BlogPage() {
  const [enhanced, setEnhanced] = useState(false);
  const [openSlug, setOpenSlug] = useState<string | null>(null);
  const pendingFocus = useRef<PendingFocus>(null);
  const articleHeading = useRef<HTMLHeadingElement>(null);
  const readLinks = useRef<Record<string, HTMLAnchorElement | null>>({});

  useEffect(() => {
    setEnhanced(true);
    // A shared link to an article (/blog#slug) opens that article once the page is interactive.
    const linked = findPost(decodeURIComponent(window.location.hash.slice(1)));
    if (linked) {
      pendingFocus.current = { kind: 'article' };
      setOpenSlug(linked.slug);
    }
  }, []);

  // Focus moves once the view it targets has rendered.
  useEffect(() => {
    const target = pendingFocus.current;
    if (target?.kind === 'article' && articleHeading.current) {
      pendingFocus.current = null;
      articleHeading.current.focus();
    } else if (target?.kind === 'card' && openSlug === null) {
      pendingFocus.current = null;
      readLinks.current[target.slug]?.focus();
    }
  }, [openSlug]);

  const openArticle = (slug: string) => {
    pendingFocus.current = { kind: 'article' };
    setOpenSlug(slug);
  };

  const closeArticle = () => {
    if (openSlug) pendingFocus.current = { kind: 'card', slug: openSlug };
    setOpenSlug(null);
  };

  const openPost = openSlug ? findPost(openSlug) : undefined;
  const [featured, ...others] = blogPosts;

  const card = (post: BlogPost, isFeatured: boolean) => (
    <ArticleCard
      post={post}
      featured={isFeatured}
      readText={blogSections.readText}
      byline={blogSections.byline}
      onRead={openArticle}
      readLinkRef={(element: HTMLAnchorElement | null) => {
        readLinks.current[post.slug] = element;
      }}
    />
  );

  return (
    <>
      <PageHeader eyebrow={blogHeader.eyebrow} title={blogHeader.title}>
        <p>{blogHeader.lead}</p>
      </PageHeader>

      <Section as="div">
        <Container>
          {openPost ? (
            <ArticleView
              post={openPost}
              headingLevel={2}
              byline={blogSections.byline}
              backText={blogSections.backText}
              back={{ kind: 'button', onClick: closeArticle }}
              headingRef={articleHeading}
            />
          ) : (
            <div id={ARTICLE_LIST_ID}>
              {featured ? (
                <ListSection aria-labelledby="blog-featured-title">
                  <SectionTitle id="blog-featured-title">{blogSections.featuredTitle}</SectionTitle>
                  {card(featured, true)}
                </ListSection>
              ) : null}
              <ListSection aria-labelledby="blog-more-title">
                <SectionTitle id="blog-more-title">{blogSections.moreTitle}</SectionTitle>
                <CardGrid>
                  {others.map((post) => (
                    <li key={post.slug}>{card(post, false)}</li>
                  ))}
                </CardGrid>
              </ListSection>
            </div>
          )}
        </Container>
      </Section>

      <Section $tone="surface" aria-labelledby="newsletter-title">
        <Container>
          <SectionTitle id="newsletter-title">{newsletter.title}</SectionTitle>
          <SectionIntro>{newsletter.intro}</SectionIntro>
          <NewsletterForm titleId="newsletter-title" />
        </Container>
      </Section>

      {enhanced ? null : (
        <Section aria-labelledby="blog-library-title">
          <Container>
            <SectionTitle id="blog-library-title">{blogSections.libraryTitle}</SectionTitle>
            {blogPosts.map((post) => (
              <ArticleView
                key={post.slug}
                post={post}
                headingLevel={3}
                byline={blogSections.byline}
                backText={blogSections.backText}
                back={{ kind: 'link', href: `#${ARTICLE_LIST_ID}` }}
              />
            ))}
          </Container>
        </Section>
      )}
    </>
  );
}
