import styled, { css } from 'styled-components';
import { Check } from 'lucide-react';
import { ButtonLink, Link, tokens } from '@kesho/shell-kit';
import type { PricingPackage } from '../../content/pricing';
import { tickListItems } from '../shared/tickList';

const CardBody = styled.article<{ $popular: boolean }>`
  position: relative;
  display: flex;
  flex-direction: column;
  height: 100%;
  padding: ${tokens.space(8)} ${tokens.space(6)} ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.card};
  ${({ $popular }) =>
    $popular &&
    css`
      border: 2px solid ${tokens.color.primary};
      box-shadow: ${tokens.shadow.raised};
    `}
`;

const Badge = styled.p`
  position: absolute;
  top: 0;
  left: 50%;
  transform: translate(-50%, -50%);
  margin: 0;
  padding: ${tokens.space(1)} ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.primary};
  color: ${tokens.color.inverseText};
  font-size: 0.875rem;
  font-weight: 700;
  white-space: nowrap;
`;

const Name = styled.h3`
  margin-bottom: ${tokens.space(2)};
`;

const Price = styled.p`
  margin: 0 0 ${tokens.space(1)};
  font-size: 2rem;
  font-weight: 800;
  line-height: 1.2;
  color: ${tokens.color.primary};
`;

const PriceNote = styled.p`
  margin: 0 0 ${tokens.space(4)};
  font-size: 0.875rem;
  color: ${tokens.color.muted};
`;

const Description = styled.p`
  color: ${tokens.color.muted};
`;

const Features = styled.ul`
  list-style: none;
  margin: 0 0 ${tokens.space(6)};
  padding: 0;
  display: grid;
  gap: ${tokens.space(2.5)};
  ${tickListItems(2)}
`;

const Actions = styled.div`
  margin-top: auto;
  display: grid;
  gap: ${tokens.space(3)};
  justify-items: center;
  text-align: center;

  > a:first-child {
    width: 100%;
  }
`;

export interface PackageCardProps {
  readonly pkg: PricingPackage;
  readonly headingId: string;
  readonly priceNote: string;
  readonly getStartedText: string;
  readonly customPackageText: string;
  readonly popularText: string;
}

/** One advisory package: what it costs, what it includes and where to start. */
export function PackageCard({ pkg, headingId, priceNote, getStartedText, customPackageText, popularText }: PackageCardProps) {
  const popular = pkg.popular === true;
  return (
    <CardBody $popular={popular} aria-labelledby={headingId}>
      {popular ? <Badge>{popularText}</Badge> : null}
      <Name id={headingId}>{pkg.name}</Name>
      <Price>{pkg.price}</Price>
      <PriceNote>{priceNote}</PriceNote>
      <Description>{pkg.description}</Description>
      <Features aria-label={`${pkg.name} package includes`}>
        {pkg.features.map((feature) => (
          <li key={feature}>
            <Check size={18} aria-hidden="true" focusable="false" />
            <span>{feature}</span>
          </li>
        ))}
      </Features>
      <Actions>
        <ButtonLink to="/contact" $variant={popular ? 'primary' : 'secondary'}>
          {getStartedText}
          <span className="visually-hidden"> with the {pkg.name} package</span>
        </ButtonLink>
        <Link to="/custom-quote">{customPackageText}</Link>
      </Actions>
    </CardBody>
  );
}
