import { Container, Section } from '@kesho/shell-kit';
import type { ReactNode } from 'react';
import { SectionIntro } from '../shared/SectionIntro';

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
        <SectionIntro id={headingId} title={heading}>
          {intro}
        </SectionIntro>
        {children}
      </Container>
    </Section>
  );
}
