type FieldElement = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

const isField = (element: unknown): element is FieldElement => element instanceof HTMLInputElement || element instanceof HTMLTextAreaElement || element instanceof HTMLSelectElement;

/** What the visitor changed in a field, against what the server's HTML put there; null if nothing. */
function changedValue(element: FieldElement): string | null {
  if (element instanceof HTMLSelectElement) {
    return Array.from(element.options).some((option) => option.selected !== option.defaultSelected) ? element.value : null;
  }
  if (element.type === 'checkbox' || element.type === 'radio' || element.type === 'hidden') return null;
  return element.value !== element.defaultValue ? element.value : null;
}

/**
 * A prerendered form takes typing before the app starts. React keeps that text through hydration
 * but not in the form's state, so the next render writes the state's empty values over it and the
 * visitor's words vanish. Read right after hydration (a form's first layout effect), this returns
 * the fields among `fields` (by name) that the visitor changed, for the form to put in its state.
 */
export function fieldsTypedBeforeHydration<Name extends string>(form: HTMLFormElement, fields: readonly Name[]): Partial<Record<Name, string>> {
  const typed: Partial<Record<Name, string>> = {};
  for (const name of fields) {
    const element = form.elements.namedItem(name);
    if (!isField(element)) continue;
    const value = changedValue(element);
    if (value !== null) typed[name] = value;
  }
  return typed;
}
