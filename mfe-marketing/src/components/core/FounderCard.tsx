import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';
import type { Founder } from '@kesho/site-rules/site';
import { cardGrid } from '../shared/cardGrid';

export const FounderList = styled.ul`
  ${cardGrid}
  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(4)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};

  ${media.sm} {
    flex-direction: row;
    align-items: flex-start;
  }

  h3 {
    margin-bottom: ${tokens.space(1)};
  }
`;

const Avatar = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  flex: none;
  width: 4.5rem;
  height: 4.5rem;
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-size: 1.5rem;
  font-weight: 700;
  letter-spacing: 0.04em;
`;

const Role = styled.p`
  margin-bottom: ${tokens.space(3)};
  font-weight: 600;
  color: ${tokens.color.accent};
`;

const Bio = styled.p`
  margin: 0;
  color: ${tokens.color.muted};
`;

/** A founder: initials in place of a photograph (the name right after says who it is). */
export function FounderCard({ founder }: { founder: Founder }) {
  return (
    <Item>
      <Avatar aria-hidden="true">{founder.initials}</Avatar>
      <div>
        <h3>{founder.name}</h3>
        <Role>{founder.role}</Role>
        <Bio>{founder.bio}</Bio>
      </div>
    </Item>
  );
}
