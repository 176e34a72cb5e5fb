import styled from 'styled-components';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink, Link, tokens } from '@kesho/shell-kit';
import type { ArticleBlock, Inline } from '../../content/article-types';
import type { BlogPost } from '../../content/blog-articles';
import { ArticleMeta } from './ArticleMeta';

const Body = styled.article`
  max-width: 46rem;

  h2 {
    font-size: 1.25rem;
    margin-top: ${tokens.space(8)};
  }
  h3 {
    font-size: 1.125rem;
    margin-top: ${tokens.space(6)};
  }
  ul,
  ol {
    padding-left: ${tokens.space(6)};
    margin: 0 0 ${tokens.space(4)};
  }
  li + li {
    margin-top: ${tokens.space(2)};
  }
`;

const Footer = styled.footer`
  margin-top: ${tokens.space(8)};
`;

/** Text with its emphasis, code and links; a link to a page of this site goes through the shell's router. */
function InlineContent({ content }: { content: readonly Inline[] }) {
  return (
    <>
      {content.map((part, index) => {
        if (typeof part === 'string') return part;
        switch (part.kind) {
          case 'emphasis':
            return (
              <em key={index}>
                <InlineContent content={part.content} />
              </em>
            );
          case 'strong':
            return (
              <strong key={index}>
                <InlineContent content={part.content} />
              </strong>
            );
          case 'code':
            return <code key={index}>{part.text}</code>;
          case 'link':
            return part.href.startsWith('/') ? (
              <Link key={index} to={part.href}>
                <InlineContent content={part.content} />
              </Link>
            ) : (
              <a key={index} href={part.href}>
                <InlineContent content={part.content} />
              </a>
            );
        }
      })}
    </>
  );
}

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return (
        <p>
          <InlineContent content={block.content} />
        </p>
      );
    case 'heading':
      return block.level === 2 ? (
        <h2>
          <InlineContent content={block.content} />
        </h2>
      ) : (
        <h3>
          <InlineContent content={block.content} />
        </h3>
      );
    case 'list': {
      const items = block.items.map((item, index) => (
        <li key={index}>
          <InlineContent content={item} />
        </li>
      ));
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

export interface ArticleViewProps {
  readonly post: BlogPost;
  readonly byline: string;
  /** Before the date last updated, shown when it is not the date published. */
  readonly updatedText: string;
  readonly backText: string;
  readonly backTo: string;
}

/** A full blog article below its page header: byline, body and the way back to the list. */
export function ArticleView({ post, byline, updatedText, backText, backTo }: ArticleViewProps) {
  return (
    <Body>
      <ArticleMeta post={post} byline={byline} updatedText={updatedText} />
      {post.body.map((block, index) => (
        <Block key={`${block.kind}-${index}`} block={block} />
      ))}
      <Footer>
        <ButtonLink $variant="secondary" to={backTo}>
          <ArrowLeft size={18} aria-hidden="true" focusable="false" />
          {backText}
        </ButtonLink>
      </Footer>
    </Body>
  );
}
