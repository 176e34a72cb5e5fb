import type { SyntheticEvent } from 'react';
import styled from 'styled-components';
import { ChevronDown } from 'lucide-react';
import { Link, media, tokens } from '@kesho/shell-kit';
import type { FaqCategory } from '../../content/faq';

/** Every item of the page shares this group name: opening one closes the one open before. */
export const FAQ_GROUP = 'faq';

const Categories = styled.div`
  display: grid;
  gap: ${tokens.space(12)};
  max-width: 52rem;
  margin: 0 auto;
`;

const Items = styled.div`
  display: grid;
  gap: ${tokens.space(3)};
`;

const Item = styled.details`
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.background};
  transition:
    box-shadow 0.15s ease,
    border-color 0.15s ease;

  &[open] {
    border-color: ${tokens.color.primary};
    box-shadow: ${tokens.shadow.card};
  }

  summary {
    display: flex;
    align-items: center;
    justify-content: space-between;
    gap: ${tokens.space(4)};
    min-height: 3rem;
    padding: ${tokens.space(4)} ${tokens.space(5)};
    font-weight: 600;
    cursor: pointer;
    list-style: none;
    border-radius: ${tokens.radius.md};
  }
  summary::-webkit-details-marker {
    display: none;
  }
  summary:hover {
    color: ${tokens.color.primary};
  }

  summary svg {
    flex: none;
    color: ${tokens.color.primary};
    transition: transform 0.2s ease;
  }
  &[open] summary svg {
    transform: rotate(180deg);
  }

  ${media.reducedMotion} {
    summary svg {
      transition: none;
    }
  }
`;

const Answer = styled.div`
  padding: 0 ${tokens.space(5)} ${tokens.space(5)};
  color: ${tokens.color.muted};

  p {
    margin-bottom: ${tokens.space(3)};
  }
  p:last-child {
    margin-bottom: 0;
  }
`;

/**
 * Browsers that know the `name` attribute of <details> close the other items themselves (also
 * before the page is hydrated or without JavaScript); this closes them everywhere else. The group
 * is the document, as with `name`.
 */
function closeOtherItems(event: SyntheticEvent<HTMLDetailsElement>) {
  const opened = event.currentTarget;
  if (!opened.open) return;
  const group = opened.ownerDocument.querySelectorAll<HTMLDetailsElement>(`details[name="${FAQ_GROUP}"]`);
  group.forEach((item) => {
    if (item !== opened && item.open) item.open = false;
  });
}

/** The FAQ's categories, each a heading and its questions as native disclosure widgets. */
export function FaqAccordion({ categories }: { categories: readonly FaqCategory[] }) {
  return (
    <Categories>
      {categories.map((category) => (
        <section key={category.id} aria-labelledby={`faq-category-${category.id}`}>
          <h2 id={`faq-category-${category.id}`}>{category.title}</h2>
          <Items>
            {category.items.map((item) => (
              <Item key={item.id} name={FAQ_GROUP} id={`faq-${item.id}`} onToggle={closeOtherItems}>
                <summary>
                  <span>{item.question}</span>
                  <ChevronDown aria-hidden="true" focusable="false" size={20} />
                </summary>
                <Answer>
                  <p>{item.answer}</p>
                  {item.link ? (
                    <p>
                      <Link to={item.link.to}>{item.link.label}</Link>
                    </p>
                  ) : null}
                </Answer>
              </Item>
            ))}
          </Items>
        </section>
      ))}
    </Categories>
  );
}
