import type { ReactNode } from 'react';
import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

const Wrap = styled.div`
  max-width: 40rem;
  margin: 0 auto;
  padding: ${tokens.space(16)} ${tokens.space(4)};
  text-align: center;
  p {
    color: ${tokens.color.muted};
  }
`;

/** The centred layout of the shell's own screens (not found, errors, remote unavailable). */
export function ScreenLayout({ children }: { children: ReactNode }) {
  return <Wrap>{children}</Wrap>;
}

export const ScreenActions = styled.div`
  display: flex;
  flex-wrap: wrap;
  justify-content: center;
  gap: ${tokens.space(3)};
  margin: ${tokens.space(6)} 0;
`;
