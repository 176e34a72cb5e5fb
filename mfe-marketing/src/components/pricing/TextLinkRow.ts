import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';

/** A closing line of text followed by its links, wrapping as a row: "Still have questions? FAQ · Contact". */
export const TextLinkRow = styled.p`
  margin: ${tokens.space(8)} 0 0;
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)} ${tokens.space(6)};
`;
