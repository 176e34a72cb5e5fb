/**
 * Shapes that more than one page's content is written in; the components in components/shared
 * render them. Shapes that only the service pages use are in service-pages/types.ts.
 */

export interface PageAction {
  readonly label: string;
  /** An in-site path. */
  readonly to: string;
}

/** One step of a numbered process: the list's order is the step's number. */
export interface ProcessStep {
  readonly title: string;
  readonly description: string;
}

/** A headline figure: a large value and a label that says what it counts ("300+", "Students placed"). */
export interface Stat {
  readonly value: string;
  readonly label: string;
}

/** The closing call to action of a page. */
export interface CallToAction {
  readonly heading: string;
  readonly text: string;
  /** The main action, a solid button. */
  readonly action: PageAction;
  /** A second, outlined action. */
  readonly secondaryAction?: PageAction;
  /** An e-mail address offered as well, shown as a mailto link whose text is the address. */
  readonly email?: { readonly lead: string; readonly address: string };
}
