import styled from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';
import type { ProcessStep } from '../../content/process';

/**
 * Numbered steps as an ordered list: the number is drawn by a CSS counter, so screen readers hear
 * the list's own numbering once.
 */
const List = styled.ol<{ $columns: number }>`
  list-style: none;
  margin: 0;
  padding: 0;
  counter-reset: step;
  display: grid;
  gap: ${tokens.space(6)};
  grid-template-columns: minmax(0, 1fr);

  ${media.md} {
    grid-template-columns: repeat(${({ $columns }) => ($columns % 2 === 0 ? 2 : $columns)}, minmax(0, 1fr));
  }
  ${media.lg} {
    grid-template-columns: repeat(${({ $columns }) => $columns}, minmax(0, 1fr));
  }
`;

const Step = styled.li`
  counter-increment: step;
  position: relative;
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  padding-top: ${tokens.space(16)};

  &::before {
    content: counter(step);
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
  }

  h3 { margin-bottom: ${tokens.space(2)}; }
  p { margin: 0; color: ${tokens.color.muted}; }
`;

export function StepList({ steps }: { steps: readonly ProcessStep[] }) {
  return (
    <List $columns={steps.length}>
      {steps.map((step) => (
        <Step key={step.title}>
          <h3>{step.title}</h3>
          <p>{step.description}</p>
        </Step>
      ))}
    </List>
  );
}
