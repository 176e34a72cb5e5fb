import styled from 'styled-components';
import { Button, media, tokens } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import { formatUsd } from '@kesho/site-rules/money';

/**
 * The small-screen bar with the total and the proceed button. Sticky at the bottom of the page
 * content rather than fixed to the window, so it stays in view while the visitor scrolls the
 * builder but never covers the site footer (or anything else) once the page content ends.
 */
const Bar = styled.div`
  position: sticky;
  bottom: 0;
  z-index: 5;
  display: flex;
  align-items: center;
  justify-content: space-between;
  gap: ${tokens.space(4)};
  padding: ${tokens.space(3)} ${tokens.space(4)};
  padding-bottom: calc(${tokens.space(3)} + env(safe-area-inset-bottom, 0px));
  border-top: 1px solid ${tokens.color.border};
  background: ${tokens.color.background};
  box-shadow: 0 -4px 16px rgba(15, 23, 42, 0.1);
  ${media.lg} {
    display: none;
  }
`;

const Total = styled.p`
  margin: 0;
  line-height: 1.3;
  span {
    display: block;
    font-size: 0.875rem;
    color: ${tokens.color.muted};
  }
  strong {
    font-size: 1.25rem;
    font-variant-numeric: tabular-nums;
  }
`;

export function MobileCheckoutBar({ totalCents, count, hydrated, onProceed }: { totalCents: number; count: number; hydrated: boolean; onProceed(): void }) {
  return (
    <Bar {...scriptOnly}>
      <Total>
        <span>{hydrated ? `Total · ${count} ${count === 1 ? 'item' : 'items'}` : 'Total'}</span>
        <strong>{hydrated ? formatUsd(totalCents) : '—'}</strong>
      </Total>
      <Button type="button" onClick={onProceed} disabled={!hydrated} aria-busy={!hydrated || undefined}>
        Proceed to Checkout{hydrated ? null : <span> (loading…)</span>}
      </Button>
    </Bar>
  );
}
