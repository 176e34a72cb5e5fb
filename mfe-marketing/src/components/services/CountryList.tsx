import { media, tokens } from '@kesho/shell-kit';
import { MapPin } from 'lucide-react';
import styled from 'styled-components';
import type { SupportedCountry } from '../../content/service-pages/types';

const List = styled.ul`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(9.5rem, 1fr));
  gap: ${tokens.space(3)};
  margin: 0;
  padding: 0;
  list-style: none;

  ${media.md} {
    grid-template-columns: repeat(4, minmax(0, 1fr));
    gap: ${tokens.space(4)};
  }
`;

const Item = styled.li`
  display: flex;
  gap: ${tokens.space(2.5)};
  align-items: flex-start;
  padding: ${tokens.space(4)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};

  svg {
    flex: none;
    margin-top: 0.15rem;
    color: ${tokens.color.accent};
  }
`;

const Name = styled.span`
  display: block;
  font-weight: 700;
`;

const Visa = styled.span`
  display: block;
  font-size: 0.875rem;
  color: ${tokens.color.muted};
`;

/** The destinations a service covers, each with the visa its students apply for. */
export function CountryList({ countries }: { countries: readonly SupportedCountry[] }) {
  return (
    <List>
      {countries.map((country) => (
        <Item key={country.name}>
          <MapPin size={18} aria-hidden="true" />
          <span>
            <Name>{country.name}</Name>
            <Visa>{country.visa}</Visa>
          </span>
        </Item>
      ))}
    </List>
  );
}
