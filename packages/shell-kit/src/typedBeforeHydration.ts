import { useLayoutEffect, type RefObject } from 'react';

type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/** What the visitor changed in a field, against what the server's HTML put there; null if nothing. */
function changedValue(element: FieldElement): string | null {
  if (element instanceof HTMLSelectElement) {
    const changed = Array.from(element.options).some((option) => option.selected !== option.defaultSelected);
    return changed ? element.value : null;
  }
  if (element.type === 'checkbox' || element.type === 'radio' || element.type === 'hidden') return null;
  return element.value !== element.defaultValue ? element.value : null;
}

/**
 * A prerendered form takes typing before the app starts. React keeps that text through hydration
 * but not in the form's state, so the next render writes the state's empty values over it: the
 * visitor's words vanish. Right after hydration, before anything renders again, this hands the
 * fields the visitor changed (among `fields`, by name) to `adopt`, which puts them in the state.
 */
export function useTypedBeforeHydration<Name extends string>(
  formRef: RefObject<HTMLFormElement | null>,
  fields: readonly Name[],
  adopt: (typed: Partial<Record<Name, string>>) => void,
): void {
  useLayoutEffect(() => {
    const form = formRef.current;
    if (!form) return;
    const typed: Partial<Record<Name, string>> = {};
    for (const name of fields) {
      const element = form.elements.namedItem(name);
      if (!(element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement)) continue;
      const value = changedValue(element);
      if (value !== null) typed[name] = value;
    }
    if (Object.keys(typed).length > 0) adopt(typed);
    // Only the first commit can meet text typed into the server's HTML.
  }, []);
}
