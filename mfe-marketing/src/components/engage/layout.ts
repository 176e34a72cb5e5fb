import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';

/** Layout pieces the four engagement pages (pricing, contact, stories, blog) share. */

export const SectionTitle = styled.h2`
  margin-bottom: ${tokens.space(3)};
`;

export const SectionIntro = styled.p`
  max-width: 46rem;
  color: ${tokens.color.muted};
  margin-bottom: ${tokens.space(8)};
`;

/** A list rendered as a responsive grid of cards: one column on phones, more on wider screens. */
export const CardGrid = styled.ul<{ $columns?: 2 | 3 }>`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${tokens.space(6)};
  grid-template-columns: minmax(0, 1fr);
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns = 3 }) => $columns}, minmax(0, 1fr));
  }
  > li { display: flex; }
  > li > * { flex: 1; }
`;

export const TextLinkRow = styled.p`
  margin: ${tokens.space(8)} 0 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)} ${tokens.space(6)};
`;

/** Accordions on native <details>/<summary>: they open and close without JavaScript. */
export const Disclosure = styled.details`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.background};
  & + & { margin-top: ${tokens.space(3)}; }

  > summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${tokens.space(3)};
    min-height: ${tokens.touchTarget};
    padding: ${tokens.space(4)} ${tokens.space(5)};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
    border-radius: ${tokens.radius.md};
  }
  > summary::-webkit-details-marker { display: none; }
  > summary svg { flex: none; transition: transform 0.2s ease; }
  &[open] > summary svg { transform: rotate(180deg); }
  > summary:hover { background: ${tokens.color.surface}; }
`;

export const DisclosureBody = styled.div`
  padding: 0 ${tokens.space(5)} ${tokens.space(5)};
  color: ${tokens.color.text};
  p:last-child { margin-bottom: 0; }
`;
