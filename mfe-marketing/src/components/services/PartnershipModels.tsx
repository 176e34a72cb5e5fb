import { media, tokens } from '@kesho/shell-kit';
import { Check } from 'lucide-react';
import styled, { css } from 'styled-components';
import type { PartnershipModel } from '../../content/service-pages/types';
import { tickListItems } from '../shared/tickList';

const Grid = styled.ul`
  display: grid;
  gap: ${tokens.space(5)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.lg} {
    grid-template-columns: repeat(3, minmax(0, 1fr));
    align-items: stretch;
  }
`;

const ModelCard = styled.li<{ $highlighted: boolean }>`
  display: flex;
  flex-direction: column;
  padding: ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};

  ${({ $highlighted }) =>
    $highlighted &&
    css`
      border: 2px solid ${tokens.color.primary};
      box-shadow: ${tokens.shadow.raised};
    `}

  h3 {
    margin-bottom: ${tokens.space(2)};
  }
`;

const Badge = styled.p`
  align-self: flex-start;
  margin: 0 0 ${tokens.space(3)};
  padding: ${tokens.space(1)} ${tokens.space(3)};
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.accent};
  color: ${tokens.color.inverseText};
  font-size: 0.8125rem;
  font-weight: 700;
  letter-spacing: 0.04em;
  text-transform: uppercase;
`;

const Summary = styled.p`
  color: ${tokens.color.muted};
`;

const Includes = styled.ul`
  display: grid;
  gap: ${tokens.space(2)};
  margin: 0 0 ${tokens.space(5)};
  padding: 0;
  list-style: none;
  ${tickListItems(2)}
`;

const BestFor = styled.p`
  margin: auto 0 0;
  padding-top: ${tokens.space(4)};
  border-top: 1px solid ${tokens.color.border};
  font-size: 0.9375rem;
`;

/** Ways of working together, side by side, with the most popular one highlighted and labelled. */
export function PartnershipModels({ models, mostPopularLabel, bestForLabel }: { models: readonly PartnershipModel[]; mostPopularLabel: string; bestForLabel: string }) {
  return (
    <Grid>
      {models.map((model) => (
        <ModelCard key={model.name} $highlighted={model.mostPopular}>
          {model.mostPopular ? <Badge>{mostPopularLabel}</Badge> : null}
          <h3>{model.name}</h3>
          <Summary>{model.summary}</Summary>
          <Includes>
            {model.includes.map((item) => (
              <li key={item}>
                <Check size={18} aria-hidden="true" />
                <span>{item}</span>
              </li>
            ))}
          </Includes>
          <BestFor>
            <strong>{bestForLabel}</strong> {model.bestFor}
          </BestFor>
        </ModelCard>
      ))}
    </Grid>
  );
}
