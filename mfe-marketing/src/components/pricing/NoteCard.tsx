import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

const Body = styled.div`
  height: 100%;
  padding: ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};

  > svg {
    color: ${tokens.color.primary};
    margin-bottom: ${tokens.space(3)};
  }
  h3 {
    font-size: 1.125rem;
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/** A short titled note with a decorative icon, e.g. a payment or refund rule. */
export function NoteCard({ icon, title, children }: { icon: ReactNode; title: string; children: ReactNode }) {
  return (
    <Body>
      {icon}
      <h3>{title}</h3>
      {children}
    </Body>
  );
}
