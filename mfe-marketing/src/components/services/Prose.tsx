import { media, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';

const ProseBody = styled.div`
  max-width: 46rem;
  font-size: 1.0625rem;

  p:last-child {
    margin-bottom: 0;
  }
`;

/** Running text, kept to a readable line length. */
export function Prose({ paragraphs }: { paragraphs: readonly string[] }) {
  return (
    <ProseBody>
      {paragraphs.map((paragraph) => (
        <p key={paragraph}>{paragraph}</p>
      ))}
    </ProseBody>
  );
}

/** Places running text beside a supporting block (figures, a note) on wide screens. */
export const ProseWithAside = styled.div`
  display: grid;
  gap: ${tokens.space(8)};
  align-items: start;

  ${media.lg} {
    grid-template-columns: minmax(0, 3fr) minmax(0, 2fr);
    gap: ${tokens.space(12)};
  }
`;
