import styled, { css } from 'styled-components';
import { ArrowRight, Newspaper } from 'lucide-react';
import { ButtonLink, media, tokens } from '@kesho/shell-kit';
import { blogPath } from '../../content/blog';
import type { BlogSummary } from '../../content/blog';
import { ArticleMeta } from './ArticleMeta';
import { CategoryTag } from './articleStyles';

const Body = styled.article<{ $featured: boolean }>`
  display: flex;
  flex-direction: column;
  height: 100%;
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};
  overflow: hidden;
  ${({ $featured }) =>
    $featured &&
    css`
      ${media.md} {
        flex-direction: row;
      }
    `}
`;

/** A decorative panel in place of a photograph: the site fetches no remote images. */
const Banner = styled.div<{ $featured: boolean }>`
  display: flex;
  align-items: center;
  justify-content: center;
  min-height: ${({ $featured }) => ($featured ? '7rem' : '5rem')};
  background: linear-gradient(135deg, ${tokens.color.primary}, ${tokens.color.primaryHover});
  color: ${tokens.color.inverseText};
  ${({ $featured }) =>
    $featured &&
    css`
      ${media.md} {
        flex: 0 0 34%;
      }
    `}
`;

const Content = styled.div<{ $featured: boolean }>`
  display: flex;
  flex: 1;
  flex-direction: column;
  padding: ${tokens.space(6)};
  ${({ $featured }) =>
    $featured &&
    css`
      ${media.md} {
        padding: ${tokens.space(8)};
      }
    `}

  h3 {
    font-size: ${({ $featured }) => ($featured ? '1.5rem' : '1.25rem')};
  }
`;

const Excerpt = styled.p`
  color: ${tokens.color.muted};
`;

const Actions = styled.div`
  margin-top: auto;
`;

export interface ArticleCardProps {
  readonly post: BlogSummary;
  readonly featured?: boolean;
  readonly readText: string;
  readonly byline: string;
}

/** A post's summary, whose Read link opens the article's own page. */
export function ArticleCard({ post, featured = false, readText, byline }: ArticleCardProps) {
  const headingId = `card-${post.slug}-title`;
  return (
    <Body $featured={featured} aria-labelledby={headingId}>
      <Banner $featured={featured}>
        <Newspaper size={featured ? 56 : 36} aria-hidden="true" focusable="false" />
      </Banner>
      <Content $featured={featured}>
        <div>
          <CategoryTag>{post.category}</CategoryTag>
        </div>
        <h3 id={headingId}>{post.title}</h3>
        <ArticleMeta post={post} byline={byline} />
        <Excerpt>{post.excerpt}</Excerpt>
        <Actions>
          <ButtonLink $variant="secondary" to={blogPath(post)} aria-label={`${readText}: ${post.title}`}>
            {readText}
            <ArrowRight size={18} aria-hidden="true" focusable="false" />
          </ButtonLink>
        </Actions>
      </Content>
    </Body>
  );
}
