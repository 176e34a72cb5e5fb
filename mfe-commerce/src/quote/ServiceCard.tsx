import styled, { css } from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';
import { scriptOnly } from '@kesho/site-rules/script-only';
import type { CatalogueService } from '@kesho/site-rules/catalogue';
import { QUANTITY_MAX, QUANTITY_MIN } from '@kesho/site-rules/catalogue';
import { formatUsd } from '@kesho/site-rules/money';
import { ServiceIcon } from '../components/ServiceIcon';
import { Checkbox, RangeInput, VisuallyHidden } from '../components/ui';

/*
 * Most of the twelve cards start below the fold: on the first page of a visit each is laid out only
 * when it comes near the viewport (`content-visibility: auto`; the first layout was the longest task
 * of the page's start-up at 4x CPU). Once the visitor has navigated in the page (the shell marks
 * `<html data-navigated>`) everything is laid out as usual, so Back restores exact positions.
 */
const CardItem = styled.li<{ $selected: boolean }>`
  @media screen {
    html:not([data-navigated]) & {
      content-visibility: auto;
      contain-intrinsic-size: auto 16rem;
    }
  }
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(5)};
  border: 2px solid ${({ $selected }) => ($selected ? tokens.color.primary : tokens.color.border)};
  border-radius: ${tokens.radius.lg};
  background: ${({ $selected }) => ($selected ? tokens.color.primarySoft : tokens.color.background)};
  box-shadow: ${tokens.shadow.card};
  transition:
    border-color 0.15s ease,
    background-color 0.15s ease;
  ${media.reducedMotion} {
    transition: none;
  }
`;

const TitleRow = styled.div`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(3)};
`;

const IconBadge = styled.span<{ $selected: boolean }>`
  flex: none;
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 2.5rem;
  height: 2.5rem;
  border-radius: ${tokens.radius.md};
  ${({ $selected }) =>
    $selected
      ? css`
          background: ${tokens.color.primary};
          color: ${tokens.color.inverseText};
        `
      : css`
          background: ${tokens.color.primarySoft};
          color: ${tokens.color.primary};
        `}
`;

const Title = styled.h3`
  flex: 1;
  margin: 0;
  font-size: 1.125rem;
  label {
    cursor: pointer;
  }
`;

const Description = styled.p`
  margin: 0;
  flex: 1;
  color: ${tokens.color.muted};
  font-size: 0.9375rem;
`;

const Price = styled.p`
  margin: 0;
  font-size: 1.25rem;
  font-weight: 700;
  color: ${tokens.color.text};
  font-variant-numeric: tabular-nums;
`;

const QuantityRow = styled.div`
  display: grid;
  grid-template-columns: 1fr auto;
  align-items: center;
  gap: 0 ${tokens.space(3)};
  label {
    font-weight: 600;
    font-size: 0.9375rem;
  }
  input {
    grid-column: 1 / -1;
  }
`;

const QuantityValue = styled.span`
  min-width: 2.5rem;
  text-align: right;
  font-weight: 700;
  font-variant-numeric: tabular-nums;
`;

export interface ServiceCardProps {
  readonly service: CatalogueService;
  readonly selected: boolean;
  readonly quantity: number;
  /**
   * False until the saved cart is known: the controls wait (disabled, while the builder shows that
   * it is loading) so they never show a wrong state. They need scripts, so they are not shown
   * without them.
   */
  readonly ready: boolean;
  onToggle(service: CatalogueService, selected: boolean): void;
  onQuantityChange(service: CatalogueService, quantity: number): void;
}

export function ServiceCard({ service, selected, quantity, ready, onToggle, onQuantityChange }: ServiceCardProps) {
  const checkboxId = `service-${service.id}`;
  const quantityId = `service-${service.id}-quantity`;
  return (
    <CardItem $selected={selected}>
      <TitleRow>
        <Checkbox {...scriptOnly} id={checkboxId} type="checkbox" checked={selected} disabled={!ready} onChange={(event) => onToggle(service, event.target.checked)} />
        <Title>
          <label htmlFor={checkboxId}>{service.name}</label>
        </Title>
        <IconBadge $selected={selected}>
          <ServiceIcon name={service.icon} size={22} />
        </IconBadge>
      </TitleRow>
      <Description>{service.description}</Description>
      <Price>{formatUsd(service.priceCents)}</Price>
      <QuantityRow {...scriptOnly}>
        <label htmlFor={quantityId}>
          Quantity<VisuallyHidden> for {service.name}</VisuallyHidden>
        </label>
        <QuantityValue aria-hidden="true">{quantity}</QuantityValue>
        <RangeInput
          id={quantityId}
          type="range"
          min={QUANTITY_MIN}
          max={QUANTITY_MAX}
          step={1}
          value={quantity}
          disabled={!ready}
          onChange={(event) => onQuantityChange(service, Number(event.target.value))}
        />
      </QuantityRow>
    </CardItem>
  );
}
