import type { RefObject } from 'react';
import styled from 'styled-components';
import { Smartphone } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';
import { formatKes } from '@kesho/site-rules/money';
import { MPESA_MESSAGES } from '@kesho/site-rules/mpesa';
import type { MpesaPaymentState } from '../../api/mpesaClient';
import { UnderWayPanel } from '../paymentUi';
import { MPESA_PAGE_MESSAGES } from './messages';
import { OrPayByCard } from './MpesaProblem';

const Panel = styled(UnderWayPanel)`
  display: grid;
  gap: ${tokens.space(2)};
  h2 {
    margin: 0;
    font-size: 1.25rem;
    display: flex;
    align-items: center;
    gap: ${tokens.space(2)};
  }
  p {
    margin: 0;
  }
  a {
    font-weight: 600;
  }
`;

/** The push is on the payer's phone: what was asked of whom, and, once the page has stopped asking, Check again or Pay by card. */
export function MpesaWaiting({
  payment,
  gaveUp,
  headingRef,
  onCheckAgain,
  onPayByCard,
}: {
  payment: MpesaPaymentState;
  gaveUp: boolean;
  headingRef: RefObject<HTMLHeadingElement | null>;
  onCheckAgain: () => void;
  onPayByCard: () => void;
}) {
  return (
    <Panel>
      <h2 ref={headingRef} tabIndex={-1}>
        <Smartphone aria-hidden="true" focusable="false" size={22} />
        {MPESA_MESSAGES.waiting}
      </h2>
      <div role="status">
        <p>
          We sent a request for <strong>{formatKes(payment.amountKes)}</strong> to {payment.phone} (invoice {payment.invoiceNumber}).
        </p>
        {gaveUp ? <p>{MPESA_PAGE_MESSAGES.stillWaiting}</p> : null}
      </div>
      {payment.sandboxUrl ? (
        <p>
          <a href={payment.sandboxUrl}>{MPESA_PAGE_MESSAGES.sandboxLink}</a>
        </p>
      ) : null}
      {gaveUp ? <OrPayByCard label={MPESA_PAGE_MESSAGES.checkAgain} onClick={onCheckAgain} onPayByCard={onPayByCard} /> : null}
    </Panel>
  );
}
