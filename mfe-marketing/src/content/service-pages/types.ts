import type { LucideIcon } from 'lucide-react';

/**
 * The shapes only the service detail pages are written in; the components in components/services render
 * them. The shapes other pages share (actions, steps, figures, calls to action) are in ../types.ts.
 */

export interface Offering {
  readonly title: string;
  readonly description: string;
}

export interface Feature {
  readonly icon: LucideIcon;
  readonly title: string;
  readonly description: string;
}

export interface HeaderContent {
  readonly eyebrow: string;
  readonly lead: string;
}

/** A page section: an h2 and an optional introductory paragraph. */
export interface SectionHeading {
  readonly heading: string;
  readonly intro?: string;
}

export interface ProseSection extends SectionHeading {
  readonly paragraphs: readonly string[];
}

export interface SupportedCountry {
  readonly name: string;
  /** The student visa the country issues, as applicants will see it named. */
  readonly visa: string;
}

export interface ScholarshipRow {
  readonly name: string;
  readonly destination: string;
  readonly coverage: string;
  readonly deadline: string;
}

export interface PartnershipModel {
  readonly name: string;
  readonly summary: string;
  readonly includes: readonly string[];
  readonly bestFor: string;
  /** Highlighted and labelled as the most popular choice. */
  readonly mostPopular: boolean;
}
