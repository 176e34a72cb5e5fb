import styled from 'styled-components';
import { BadgeCheck } from 'lucide-react';
import { media, tokens } from '@kesho/shell-kit';
import { site } from '@kesho/site-rules/site';

const Panel = styled.div`
  display: grid;
  gap: ${tokens.space(6)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
  ${media.md} {
    grid-template-columns: auto minmax(0, 1fr);
    padding: ${tokens.space(8)};
  }
`;

const Seal = styled.span`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4rem;
  height: 4rem;
  border-radius: ${tokens.radius.pill};
  background: ${tokens.color.successSoft};
  color: ${tokens.color.success};
`;

const Facts = styled.dl`
  margin: 0;
  display: grid;
  gap: ${tokens.space(4)};
  ${media.sm} {
    grid-template-columns: repeat(2, minmax(0, 1fr));
    column-gap: ${tokens.space(8)};
  }

  dt {
    font-size: 0.875rem;
    font-weight: 700;
    letter-spacing: 0.04em;
    text-transform: uppercase;
    color: ${tokens.color.muted};
  }
  dd {
    margin: ${tokens.space(1)} 0 0;
    font-weight: 600;
  }
`;

/** The company's registration facts, all read from the site configuration. */
export function CompanyRegistration() {
  const facts = [
    { term: 'Legal name', value: site.legalName },
    { term: 'Company number', value: site.companyNumber },
    { term: 'Registration date', value: `${site.incorporatedDisplay}, ${site.incorporatedIn}` },
    { term: 'Registered office', value: site.registeredOffice.display },
    { term: 'Postal address', value: site.postalAddress.display },
  ];
  return (
    <Panel>
      <Seal>
        <BadgeCheck aria-hidden="true" focusable="false" size={32} />
      </Seal>
      <Facts>
        {facts.map((fact) => (
          <div key={fact.term}>
            <dt>{fact.term}</dt>
            <dd>{fact.value}</dd>
          </div>
        ))}
      </Facts>
    </Panel>
  );
}
