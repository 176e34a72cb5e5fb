import styled from 'styled-components';
import { ArrowRight } from 'lucide-react';
import { Link, media, tokens, VisuallyHidden } from '@kesho/shell-kit';
import type { ServiceCard } from '../../content/services';
import { IconBadge } from './IconBadge';
import { ServiceIcon } from './ServiceIcon';

const gap = tokens.space(6);

/**
 * One column on phones, two on tablets (the fifth card centred), and on desktop three in the
 * first row and two centred in the second: a six-track grid where each card spans two tracks.
 */
const Grid = styled.ul`
  list-style: none;
  margin: 0;
  padding: 0;
  display: grid;
  gap: ${gap};
  grid-template-columns: minmax(0, 1fr);

  ${media.md} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    > li:nth-child(5):last-child {
      grid-column: 1 / -1;
      justify-self: center;
      width: calc((100% - ${gap}) / 2);
    }
  }

  ${media.lg} {
    grid-template-columns: repeat(6, minmax(0, 1fr));
    > li {
      grid-column: span 2;
    }
    > li:nth-child(4) {
      grid-column: 2 / span 2;
    }
    > li:nth-child(5):last-child {
      grid-column: span 2;
      justify-self: stretch;
      width: auto;
    }
  }
`;

const Item = styled.li`
  display: flex;
  flex-direction: column;
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
  transition:
    box-shadow 0.2s ease,
    transform 0.2s ease;

  &:hover {
    box-shadow: ${tokens.shadow.raised};
    transform: translateY(-2px);
  }
  ${media.reducedMotion} {
    &:hover {
      transform: none;
    }
  }

  h3 {
    margin-bottom: ${tokens.space(2)};
  }
  p {
    color: ${tokens.color.muted};
    flex: 1 0 auto;
  }
`;

const MoreLink = styled(Link)`
  display: inline-flex;
  align-items: center;
  gap: ${tokens.space(1.5)};
  align-self: flex-start;
  min-height: ${tokens.touchTarget};
  font-weight: 600;
  text-decoration: none;

  &:hover {
    text-decoration: underline;
  }
  svg {
    transition: transform 0.15s ease;
  }
  &:hover svg {
    transform: translateX(3px);
  }
`;

/** The five service cards (icon, title, description, link), used by the home and services pages. */
export function ServiceCardGrid({ cards }: { cards: readonly ServiceCard[] }) {
  return (
    <Grid>
      {cards.map((card) => (
        <Item key={card.slug}>
          <IconBadge>
            <ServiceIcon name={card.icon} />
          </IconBadge>
          <h3>{card.title}</h3>
          <p>{card.description}</p>
          <MoreLink to={card.link}>
            Learn more<VisuallyHidden> about {card.title}</VisuallyHidden>
            <ArrowRight aria-hidden="true" focusable="false" size={18} />
          </MoreLink>
        </Item>
      ))}
    </Grid>
  );
}
