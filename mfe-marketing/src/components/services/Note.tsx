import { tokens } from '@kesho/shell-kit';
import { Info } from 'lucide-react';
import styled from 'styled-components';

const Box = styled.div`
  display: flex;
  gap: ${tokens.space(3)};
  align-items: flex-start;
  max-width: 46rem;
  margin-top: ${tokens.space(8)};
  padding: ${tokens.space(4)} ${tokens.space(5)};
  background: ${tokens.color.primarySoft};
  border-left: 4px solid ${tokens.color.primary};
  border-radius: ${tokens.radius.sm};

  svg {
    flex: none;
    margin-top: 0.2rem;
    color: ${tokens.color.primary};
  }
  p {
    margin: 0;
  }
`;

/** An honest caveat beside a claim: what a figure does not promise, what the reader must check. */
export function Note({ children }: { children: string }) {
  return (
    <Box>
      <Info size={20} aria-hidden="true" />
      <p>{children}</p>
    </Box>
  );
}
