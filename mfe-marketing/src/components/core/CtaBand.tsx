import type { ReactNode } from 'react';
import styled from 'styled-components';
import { ButtonLink, Container, Section, media, tokens } from '@kesho/shell-kit';

const Inner = styled.div`
  max-width: 46rem;
  margin: 0 auto;
  text-align: center;

  p { font-size: 1.125rem; }
  /* The site-wide focus ring is blue: on the blue band it needs to be white to stay visible. */
  a:focus-visible { outline-color: ${tokens.color.inverseText}; }
`;

export const CtaActions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(6)};

  ${media.sm} {
    flex-direction: row;
    flex-wrap: wrap;
    justify-content: center;
  }
`;

/** A secondary button for dark backgrounds: outlined in white. */
export const OnDarkOutlineLink = styled(ButtonLink)`
  background: transparent;
  border-color: ${tokens.color.inverseText};
  color: ${tokens.color.inverseText};

  &:hover {
    background: ${tokens.color.primaryHover};
    color: ${tokens.color.inverseText};
  }
`;

/** The closing call to action of a page, on the brand colour. */
export function CtaBand({ id, title, text, children }: { id: string; title: string; text: string; children: ReactNode }) {
  return (
    <Section $tone="primary" aria-labelledby={id}>
      <Container>
        <Inner>
          <h2 id={id}>{title}</h2>
          <p>{text}</p>
          <CtaActions>{children}</CtaActions>
        </Inner>
      </Container>
    </Section>
  );
}
