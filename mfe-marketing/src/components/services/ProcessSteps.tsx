import { media, tokens } from '@kesho/shell-kit';
import styled from 'styled-components';
import type { ProcessStep } from '../../content/service-pages/types';

const Steps = styled.ol<{ $count: number }>`
  display: grid;
  gap: ${tokens.space(4)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.md} { grid-template-columns: repeat(2, minmax(0, 1fr)); gap: ${tokens.space(5)}; }
  ${media.lg} { grid-template-columns: repeat(${({ $count }) => Math.min($count, 5)}, minmax(0, 1fr)); }
`;

const Step = styled.li`
  display: flex;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(5)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-top: 4px solid ${tokens.color.primary};
  border-radius: ${tokens.radius.lg};

  ${media.lg} { flex-direction: column; gap: ${tokens.space(3)}; }

  h3 { font-size: 1.0625rem; margin-bottom: ${tokens.space(1.5)}; }
  p { margin: 0; color: ${tokens.color.muted}; }
`;

const StepNumber = styled.span`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-weight: 700;
`;

/** A numbered process; the ordered list carries the order, the visible number is decoration. */
export function ProcessSteps({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <Steps $count={steps.length}>
      {steps.map((step, index) => (
        <Step key={step.title}>
          <StepNumber aria-hidden="true">{index + 1}</StepNumber>
          <div>
            <h3>{step.title}</h3>
            <p>{step.description}</p>
          </div>
        </Step>
      ))}
    </Steps>
  );
}
