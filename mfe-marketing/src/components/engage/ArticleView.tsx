import type { ReactNode, Ref } from 'react';
import styled from 'styled-components';
import { ArrowLeft } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';
import type { ArticleBlock, BlogPost } from '../../content/blog';
import { ArticleMeta } from './ArticleMeta';
import { ActionButton, ActionLink, CategoryTag } from './articleStyles';

const Body = styled.article`
  max-width: 46rem;
  & + & {
    margin-top: ${tokens.space(12)};
    padding-top: ${tokens.space(12)};
    border-top: 1px solid ${tokens.color.border};
  }

  h2, h3, h4 { scroll-margin-top: 5rem; }
  .article-title { font-size: clamp(1.5rem, 2vw + 1rem, 2.125rem); }
  .article-section { font-size: 1.25rem; margin-top: ${tokens.space(8)}; }
  ul, ol { padding-left: ${tokens.space(6)}; margin: 0 0 ${tokens.space(4)}; }
  li + li { margin-top: ${tokens.space(2)}; }
`;

const Footer = styled.footer`
  margin-top: ${tokens.space(8)};
`;

type HeadingLevel = 2 | 3;

function Heading({ level, children, ...rest }: { level: 2 | 3 | 4; children: ReactNode; id?: string; className: string; tabIndex?: number; ref?: Ref<HTMLHeadingElement> }) {
  if (level === 2) return <h2 {...rest}>{children}</h2>;
  if (level === 3) return <h3 {...rest}>{children}</h3>;
  return <h4 {...rest}>{children}</h4>;
}

function Block({ block, sectionLevel }: { block: ArticleBlock; sectionLevel: 3 | 4 }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'heading':
      return (
        <Heading level={sectionLevel} className="article-section">
          {block.text}
        </Heading>
      );
    case 'list': {
      const items = block.items.map((item) => <li key={item}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

export interface ArticleViewProps {
  readonly post: BlogPost;
  /** 2 when the article is open on its own, 3 inside the list of full articles. */
  readonly headingLevel: HeadingLevel;
  readonly byline: string;
  readonly backText: string;
  /** With JavaScript: close the article. Without: a link back to the list. */
  readonly back: { readonly kind: 'button'; readonly onClick: () => void } | { readonly kind: 'link'; readonly href: string };
  /** The heading takes focus when the article opens. */
  readonly headingRef?: Ref<HTMLHeadingElement>;
}

/** A full blog article. */
export function ArticleView({ post, headingLevel, byline, backText, back, headingRef }: ArticleViewProps) {
  const headingId = `${post.slug}-title`;
  const sectionLevel = headingLevel === 2 ? 3 : 4;
  const backContent = (
    <>
      <ArrowLeft size={18} aria-hidden="true" focusable="false" />
      {backText}
    </>
  );
  return (
    <Body id={post.slug} aria-labelledby={headingId}>
      <CategoryTag>{post.category}</CategoryTag>
      <Heading level={headingLevel} id={headingId} className="article-title" {...(headingRef ? { ref: headingRef, tabIndex: -1 } : {})}>
        {post.title}
      </Heading>
      <ArticleMeta post={post} byline={byline} />
      {post.body.map((block, index) => (
        <Block key={`${block.kind}-${index}`} block={block} sectionLevel={sectionLevel} />
      ))}
      <Footer>
        {back.kind === 'button' ? (
          <ActionButton type="button" onClick={back.onClick}>
            {backContent}
          </ActionButton>
        ) : (
          <ActionLink href={back.href}>{backContent}</ActionLink>
        )}
      </Footer>
    </Body>
  );
}
