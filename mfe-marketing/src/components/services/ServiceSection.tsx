import { Container, Section, tokens } from '@kesho/shell-kit';
import type { ReactNode } from 'react';
import styled from 'styled-components';

const Heading = styled.h2<{ $hasIntro: boolean }>`
  margin-bottom: ${({ $hasIntro }) => ($hasIntro ? tokens.space(3) : tokens.space(6))};
`;

const Intro = styled.p`
  max-width: 46rem;
  margin-bottom: ${tokens.space(8)};
  font-size: 1.0625rem;
  color: ${tokens.color.muted};
`;

export interface ServiceSectionProps {
  /** Unique on the page: the section's anchor, and the base of its heading's id. */
  readonly id: string;
  readonly heading: string;
  readonly intro?: string;
  readonly tone?: 'plain' | 'surface';
  readonly children: ReactNode;
}

/** One titled band of a service page: an h2 (naming the section for assistive technology) and its content. */
export function ServiceSection({ id, heading, intro, tone = 'plain', children }: ServiceSectionProps) {
  const headingId = `${id}-heading`;
  return (
    <Section id={id} $tone={tone} aria-labelledby={headingId}>
      <Container>
        <Heading id={headingId} $hasIntro={Boolean(intro)}>
          {heading}
        </Heading>
        {intro ? <Intro>{intro}</Intro> : null}
        {children}
      </Container>
    </Section>
  );
}
