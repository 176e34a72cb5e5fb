import styled from 'styled-components';
import { ArrowRight, Trash } from 'lucide-react';
import { Button, media, tokens } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import { orderLineLabel } from '@kesho/site-rules/catalogue';
import { formatUsd } from '@kesho/site-rules/money';
import type { CartItem } from '../cart';
import { ServiceIcon } from '../components/ServiceIcon';
import { CartLoading, PanelCard, VisuallyHidden } from '../components/ui';

const SummaryCard = styled(PanelCard)`
  ${media.lg} {
    position: sticky;
    top: calc(${tokens.headerHeight} + ${tokens.space(4)});
  }
`;

const Items = styled.ul`
  list-style: none;
  margin: 0 0 ${tokens.space(4)};
  padding: 0;
`;

const Item = styled.li`
  display: grid;
  grid-template-columns: auto 1fr auto;
  align-items: center;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(3)} 0;
  border-bottom: 1px solid ${tokens.color.border};
  svg {
    color: ${tokens.color.primary};
  }
`;

const ItemText = styled.span`
  min-width: 0;
  span {
    display: block;
  }
`;

const ItemName = styled.span`
  font-weight: 600;
  overflow-wrap: anywhere;
`;

const ItemMeta = styled.span`
  font-size: 0.9375rem;
  color: ${tokens.color.muted};
  font-variant-numeric: tabular-nums;
`;

const RemoveButton = styled.button`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: ${tokens.touchTarget};
  height: ${tokens.touchTarget};
  border: 1px solid transparent;
  border-radius: ${tokens.radius.sm};
  background: transparent;
  color: ${tokens.color.error};
  cursor: pointer;
  svg {
    color: ${tokens.color.error};
  }
  &:hover {
    background: ${tokens.color.errorSoft};
  }
`;

const Empty = styled.p`
  padding: ${tokens.space(4)};
  border: 1px dashed ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  color: ${tokens.color.muted};
  text-align: center;
`;

const TotalRow = styled.p`
  display: flex;
  justify-content: space-between;
  align-items: baseline;
  margin: 0 0 ${tokens.space(4)};
  font-size: 1.25rem;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

/** On small screens the sticky bottom bar carries this button, so only one of the two is ever shown. */
const DesktopProceed = styled(Button)`
  display: none;
  width: 100%;
  ${media.lg} {
    display: inline-flex;
  }
`;

export interface PackageSummaryProps {
  readonly items: readonly CartItem[];
  readonly totalCents: number;
  readonly hydrated: boolean;
  onRemove(item: CartItem): void;
  onProceed(): void;
}

export function PackageSummary({ items, totalCents, hydrated, onRemove, onProceed }: PackageSummaryProps) {
  return (
    <SummaryCard as="section" aria-labelledby="package-heading">
      <h2 id="package-heading">Your Package</h2>
      {!hydrated ? (
        <CartLoading minHeight="8rem" />
      ) : items.length === 0 ? (
        <Empty>No services selected yet. Tick a service or add a custom one to build your package.</Empty>
      ) : (
        <Items>
          {items.map((item) => (
            <Item key={item.id}>
              <ServiceIcon name={item.icon} size={20} />
              <ItemText>
                <ItemName>{orderLineLabel(item)}</ItemName>
                <ItemMeta>
                  {item.quantity} × {formatUsd(item.priceCents)} = {formatUsd(item.priceCents * item.quantity)}
                </ItemMeta>
              </ItemText>
              <RemoveButton type="button" onClick={() => onRemove(item)}>
                <Trash aria-hidden="true" focusable="false" size={18} />
                <VisuallyHidden>Remove {orderLineLabel(item)}</VisuallyHidden>
              </RemoveButton>
            </Item>
          ))}
        </Items>
      )}
      <TotalRow>
        <span>Total</span>
        <span>{hydrated ? formatUsd(totalCents) : '—'}</span>
      </TotalRow>
      {/* Until the package is read from this browser there is nothing to check out: the button says so rather than ignoring a click. */}
      <DesktopProceed {...scriptOnly} type="button" onClick={onProceed} disabled={!hydrated} aria-busy={!hydrated || undefined}>
        Proceed to Checkout
        {hydrated ? <ArrowRight aria-hidden="true" focusable="false" size={18} /> : <span> (loading…)</span>}
      </DesktopProceed>
    </SummaryCard>
  );
}
