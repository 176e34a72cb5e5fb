import type { ReactNode } from 'react';
import styled from 'styled-components';
import { Eyebrow, Lead, tokens } from '@kesho/shell-kit';

const Wrapper = styled.div<{ $align: 'start' | 'center' }>`
  margin-bottom: ${tokens.space(8)};
  text-align: ${({ $align }) => ($align === 'center' ? 'center' : 'left')};
  ${({ $align }) => ($align === 'center' ? 'p { margin-left: auto; margin-right: auto; }' : '')}
  p:last-child {
    margin-bottom: 0;
  }
`;

/** The eyebrow, h2 and short introduction that open a section. */
export function SectionIntro({
  id,
  eyebrow,
  title,
  children,
  align = 'start',
}: {
  /** Id of the h2, for the section's aria-labelledby. */
  id: string;
  eyebrow?: string;
  title: string;
  children?: ReactNode;
  align?: 'start' | 'center';
}) {
  return (
    <Wrapper $align={align}>
      {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
      <h2 id={id}>{title}</h2>
      {children ? <Lead>{children}</Lead> : null}
    </Wrapper>
  );
}
