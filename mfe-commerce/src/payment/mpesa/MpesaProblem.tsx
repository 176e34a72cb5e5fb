import type { RefObject } from 'react';
import styled from 'styled-components';
import { Button, tokens } from '@kesho/shell-kit';
import { PaymentProblem } from '../paymentUi';
import { MPESA_PAGE_MESSAGES } from './messages';

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  gap: ${tokens.space(3)};
  margin-top: ${tokens.space(3)};
  button {
    flex: 1 1 10rem;
  }
`;

/** The two ways on from a step: its own (`label`: Try again, Check again), or paying by card instead. */
export function OrPayByCard({ label, onClick, onPayByCard }: { label: string; onClick: () => void; onPayByCard: () => void }) {
  return (
    <Actions>
      <Button type="button" onClick={onClick}>
        {label}
      </Button>
      <Button type="button" $variant="secondary" onClick={onPayByCard}>
        {MPESA_PAGE_MESSAGES.payByCard}
      </Button>
    </Actions>
  );
}

const Heading = styled.h2`
  margin: 0;
  font-size: 1.125rem;
`;

/**
 * A step of the M-Pesa path that failed (the payer declined or the push timed out, the server refused
 * the request, the rate could not be read): the message as a heading (focused when `headingRef` is
 * given), what the server refused, and the two ways on: Try again, or Pay by card.
 */
export function MpesaProblem({
  message,
  problems,
  headingRef,
  onRetry,
  onPayByCard,
}: {
  message: string;
  problems?: readonly string[];
  headingRef?: RefObject<HTMLHeadingElement | null>;
  onRetry: () => void;
  onPayByCard: () => void;
}) {
  return (
    <PaymentProblem
      title={
        <Heading ref={headingRef} tabIndex={headingRef ? -1 : undefined}>
          {message}
        </Heading>
      }
      {...(problems ? { problems } : {})}
    >
      <OrPayByCard label={MPESA_PAGE_MESSAGES.tryAgain} onClick={onRetry} onPayByCard={onPayByCard} />
    </PaymentProblem>
  );
}
