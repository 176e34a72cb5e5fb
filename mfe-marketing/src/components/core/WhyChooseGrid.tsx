import styled from 'styled-components';
import { Eye, ShieldCheck, Trophy, type LucideIcon } from 'lucide-react';
import { Link, media, tokens } from '@kesho/shell-kit';
import type { WhyChooseIcon, WhyChooseReason } from '../../content/home';
import { cardGrid } from '../shared/cardGrid';
import { IconBadge } from './IconBadge';

const iconsByName: Record<WhyChooseIcon, LucideIcon> = { Eye, Trophy, ShieldCheck };

const Grid = styled.ul`
  ${cardGrid}
  ${media.md} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-top: 4px solid ${tokens.color.accent};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};

  h3 {
    margin-bottom: ${tokens.space(2)};
  }
  p {
    color: ${tokens.color.muted};
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/** A link on its own line: a fingertip tall, as every tapped control (its 19 px line alone failed axe's target-size). */
const MoreLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  min-height: ${tokens.touchTarget};
  font-weight: 600;
`;

export function WhyChooseGrid({ reasons }: { reasons: readonly WhyChooseReason[] }) {
  return (
    <Grid>
      {reasons.map((reason) => {
        const Icon = iconsByName[reason.icon];
        return (
          <Item key={reason.title}>
            <IconBadge $tone="accent">
              <Icon aria-hidden="true" focusable="false" size={24} />
            </IconBadge>
            <h3>{reason.title}</h3>
            <p>{reason.description}</p>
            {reason.link ? (
              <p>
                <MoreLink to={reason.link.to}>{reason.link.label}</MoreLink>
              </p>
            ) : null}
          </Item>
        );
      })}
    </Grid>
  );
}
