import { ChevronDown } from 'lucide-react';
import { Disclosure, DisclosureBody } from './layout';

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
