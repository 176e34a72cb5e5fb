import styled from 'styled-components';
import { ChevronDown } from 'lucide-react';
import { tokens } from '@kesho/shell-kit';

/** Accordions on native <details>/<summary>: they open and close without JavaScript. */
const Disclosure = styled.details`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.background};
  & + & {
    margin-top: ${tokens.space(3)};
  }

  > summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${tokens.space(3)};
    min-height: ${tokens.touchTarget};
    padding: ${tokens.space(4)} ${tokens.space(5)};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
    border-radius: ${tokens.radius.md};
  }
  > summary::-webkit-details-marker {
    display: none;
  }
  > summary svg {
    flex: none;
    transition: transform 0.2s ease;
  }
  &[open] > summary svg {
    transform: rotate(180deg);
  }
  > summary:hover {
    background: ${tokens.color.surface};
  }
`;

const DisclosureBody = styled.div`
  padding: 0 ${tokens.space(5)} ${tokens.space(5)};
  color: ${tokens.color.text};
  p:last-child {
    margin-bottom: 0;
  }
`;

export interface FaqItem {
  readonly question: string;
  readonly answer: string;
}

/** Questions as native disclosures: readable and operable without JavaScript. */
export function FaqList({ items }: { items: readonly FaqItem[] }) {
  return (
    <div>
      {items.map((item) => (
        <Disclosure key={item.question}>
          <summary>
            <span>{item.question}</span>
            <ChevronDown size={20} aria-hidden="true" focusable="false" />
          </summary>
          <DisclosureBody>
            <p>{item.answer}</p>
          </DisclosureBody>
        </Disclosure>
      ))}
    </div>
  );
}
