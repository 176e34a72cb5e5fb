import styled from 'styled-components';
import { ArrowLeft } from 'lucide-react';
import { ButtonLink, tokens } from '@kesho/shell-kit';
import type { ArticleBlock, BlogPost } from '../../content/blog-articles';
import { ArticleMeta } from './ArticleMeta';

const Body = styled.article`
  max-width: 46rem;

  h2 {
    font-size: 1.25rem;
    margin-top: ${tokens.space(8)};
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

function Block({ block }: { block: ArticleBlock }) {
  switch (block.kind) {
    case 'paragraph':
      return <p>{block.text}</p>;
    case 'heading':
      return <h2>{block.text}</h2>;
    case 'list': {
      const items = block.items.map((item) => <li key={item}>{item}</li>);
      return block.ordered ? <ol>{items}</ol> : <ul>{items}</ul>;
    }
  }
}

export interface ArticleViewProps {
  readonly post: BlogPost;
  readonly byline: string;
  readonly backText: string;
  readonly backTo: string;
}

/** A full blog article below its page header: byline, body and the way back to the list. */
export function ArticleView({ post, byline, backText, backTo }: ArticleViewProps) {
  return (
    <Body>
      <ArticleMeta post={post} byline={byline} />
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
