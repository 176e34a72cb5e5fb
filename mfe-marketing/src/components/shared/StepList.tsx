import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';
import type { ProcessStep } from '../../content/types';
import { cardGrid } from './cardGrid';

/** Up to three steps share one row from tablet width; more wrap two by two, then up to five a row. */
const List = styled.ol<{ $count: number }>`
  ${cardGrid}

  ${media.md} {
    grid-template-columns: repeat(${({ $count }) => ($count <= 3 ? $count : 2)}, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $count }) => Math.min($count, 5)}, minmax(0, 1fr));
  }
`;

const Step = styled.li`
  position: relative;
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  padding-top: ${tokens.space(16)};

  h3 {
    margin-bottom: ${tokens.space(2)};
  }
  p {
    margin: 0;
    color: ${tokens.color.muted};
  }
`;

const StepNumber = styled.span`
  position: absolute;
  top: ${tokens.space(5)};
  left: ${tokens.space(6)};
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.25rem;
  height: 2.25rem;
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-weight: 700;
`;

/**
 * A numbered process as an ordered list. The list itself tells assistive technology each step's
 * position, so the drawn number is hidden from it rather than announced a second time.
 */
export function StepList({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <List $count={steps.length}>
      {steps.map((step, index) => (
        <Step key={step.title}>
          <StepNumber aria-hidden="true">{index + 1}</StepNumber>
          <h3>{step.title}</h3>
          <p>{step.description}</p>
        </Step>
      ))}
    </List>
  );
}
