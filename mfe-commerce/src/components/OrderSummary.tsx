import { useId } from 'react';
import styled from 'styled-components';
import { tokens } from '@kesho/shell-kit';
import { orderLineLabel } from '@kesho/site-rules/catalogue';
import { formatUsd } from '@kesho/site-rules/money';
import type { CartItem } from '../cart/types';
import { PanelCard } from './ui';

const Lines = styled.ul`
  list-style: none;
  margin: 0 0 ${tokens.space(1)};
  padding: 0;
`;

const Line = styled.li`
  display: flex;
  justify-content: space-between;
  align-items: flex-start;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(3)} 0;
  & + & {
    border-top: 1px solid ${tokens.color.border};
  }
  &:first-child {
    padding-top: 0;
  }
`;

const LineName = styled.span`
  display: block;
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const LineQuantity = styled.span`
  display: block;
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
`;

const LinePrice = styled.span`
  flex: none;
  font-weight: 600;
  font-variant-numeric: tabular-nums;
`;

const Totals = styled.dl`
  margin: 0;
  padding-top: ${tokens.space(3)};
  border-top: 1px solid ${tokens.color.border};
  div {
    display: flex;
    justify-content: space-between;
    gap: ${tokens.space(4)};
    padding: ${tokens.space(1)} 0;
  }
  dt {
    color: ${tokens.color.muted};
  }
  dd {
    margin: 0;
    font-variant-numeric: tabular-nums;
  }
`;

const GrandTotal = styled.div`
  &:not(:first-child) {
    margin-top: ${tokens.space(2)};
    padding-top: ${tokens.space(3)} !important;
    border-top: 2px solid ${tokens.color.text};
  }
  font-size: 1.125rem;
  font-weight: 700;
  dt,
  dd {
    color: ${tokens.color.text};
  }
`;

export const PROCESSING_FEE_CENTS = 0;

/**
 * The order as checkout and payment show it: one line per item with its quantity and line price,
 * then the totals.
 */
export function OrderSummary({
  items,
  totalCents,
  showBreakdown = true,
  heading = 'Order Summary',
}: {
  items: readonly CartItem[];
  totalCents: number;
  showBreakdown?: boolean;
  heading?: string;
}) {
  const headingId = useId();
  return (
    <PanelCard as="section" aria-labelledby={headingId}>
      <h2 id={headingId}>{heading}</h2>
      <Lines>
        {items.map((item) => (
          <Line key={item.id}>
            <span>
              <LineName>{orderLineLabel(item)}</LineName>
              <LineQuantity>Qty: {item.quantity}</LineQuantity>
            </span>
            <LinePrice>{formatUsd(item.priceCents * item.quantity)}</LinePrice>
          </Line>
        ))}
      </Lines>
      <Totals>
        {showBreakdown ? (
          <>
            <div>
              <dt>Subtotal</dt>
              <dd>{formatUsd(totalCents)}</dd>
            </div>
            <div>
              <dt>Processing Fee</dt>
              <dd>{formatUsd(PROCESSING_FEE_CENTS)}</dd>
            </div>
          </>
        ) : null}
        <GrandTotal>
          <dt>Total</dt>
          <dd>{formatUsd(totalCents + PROCESSING_FEE_CENTS)}</dd>
        </GrandTotal>
      </Totals>
    </PanelCard>
  );
}
