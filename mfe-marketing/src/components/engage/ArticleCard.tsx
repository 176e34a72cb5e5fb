import type { MouseEvent, Ref } from 'react';
import styled, { css } from 'styled-components';
import { ArrowRight, Newspaper } from 'lucide-react';
import { media, tokens } from '@kesho/shell-kit';
import type { BlogPost } from '../../content/blog';
import { ArticleMeta } from './ArticleMeta';
import { ActionLink, CategoryTag } from './articleStyles';

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

  h3 { font-size: ${({ $featured }) => ($featured ? '1.5rem' : '1.25rem')}; }
`;

const Excerpt = styled.p`
  color: ${tokens.color.muted};
`;

const Actions = styled.div`
  margin-top: auto;
`;

export interface ArticleCardProps {
  readonly post: BlogPost;
  readonly featured?: boolean;
  readonly readText: string;
  readonly byline: string;
  readonly readLinkRef?: Ref<HTMLAnchorElement>;
  readonly onRead: (slug: string) => void;
}

/**
 * A post's summary. Its Read link points at the full article in the page (so it works without
 * JavaScript); with JavaScript the page opens the article in place instead.
 */
export function ArticleCard({ post, featured = false, readText, byline, readLinkRef, onRead }: ArticleCardProps) {
  const headingId = `card-${post.slug}-title`;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    // Let the browser handle "open in new tab" and other modified clicks.
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    onRead(post.slug);
  };
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
          <ActionLink href={`#${post.slug}`} ref={readLinkRef} onClick={open} aria-label={`${readText}: ${post.title}`}>
            {readText}
            <ArrowRight size={18} aria-hidden="true" focusable="false" />
          </ActionLink>
        </Actions>
      </Content>
    </Body>
  );
}
