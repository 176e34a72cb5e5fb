/**
 * The parts both ways of paying share on /payment (card in pages/PaymentPage.tsx, M-Pesa in
 * mpesa/): the one pay button and the list of what the server refused.
 */
import type { ReactNode } from 'react';
import styled from 'styled-components';
import { CircleExclamationPoint } from 'lucide-react';
import { Button, tokens } from '@kesho/shell-kit';
import { ErrorPanel } from '../components/ui';

/** The button that starts a payment, full width and taller than the rest. */
export const PayButton = styled(Button)`
  width: 100%;
  min-height: 3.25rem;
  font-size: 1.0625rem;
`;

/** A payment under way elsewhere (Stripe Checkout's tab, the payer's phone): the success-toned box that says so. */
export const UnderWayPanel = styled.div`
  padding: ${tokens.space(4)};
  border: 1px solid ${tokens.color.success};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.successSoft};
`;

/**
 * A payment that did not go through: its message (`title`: the caller's heading or strong text), one
 * line per field the server refused, and what the visitor can do next.
 */
export function PaymentProblem({ title, problems = [], children }: { title: ReactNode; problems?: readonly string[]; children?: ReactNode }) {
  return (
    <ErrorPanel role="alert">
      <CircleExclamationPoint aria-hidden="true" focusable="false" size={22} />
      <div>
        {title}
        {problems.length > 0 ? (
          <ul>
            {problems.map((problem) => (
              <li key={problem}>{problem}</li>
            ))}
          </ul>
        ) : null}
        {children}
      </div>
    </ErrorPanel>
  );
}
