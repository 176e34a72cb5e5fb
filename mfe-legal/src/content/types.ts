/**
 * The shape of a legal document. Texts live in typed content modules (one per page) and the
 * LegalDocument component renders any of them, so wording changes never touch markup.
 */

/** A piece of running text. Contact details are references, resolved from the site configuration at render time. */
export type Inline =
  | string
  | { readonly kind: 'link'; readonly to: string; readonly text: string }
  | { readonly kind: 'email' }
  | { readonly kind: 'phone' }
  | { readonly kind: 'strong'; readonly text: string }
  | { readonly kind: 'code'; readonly text: string };

export type RichText = string | readonly Inline[];

export type Block =
  | { readonly kind: 'paragraph'; readonly text: RichText }
  | { readonly kind: 'list'; readonly items: readonly RichText[]; readonly ordered?: boolean }
  /** Label/value pairs, such as the company's registration details. */
  | { readonly kind: 'facts'; readonly items: readonly { readonly label: string; readonly value: RichText }[] }
  /** The first cell of every row is that row's header. */
  | {
      readonly kind: 'table';
      readonly caption: string;
      readonly columns: readonly string[];
      readonly rows: readonly (readonly RichText[])[];
    }
  /** A rule or formula the reader must not miss. */
  | { readonly kind: 'highlight'; readonly text: RichText }
  /** An h3 with its own blocks; `boxed` sets it apart, e.g. a worked example. */
  | { readonly kind: 'subsection'; readonly heading: string; readonly blocks: readonly Block[]; readonly boxed?: boolean };

export interface LegalSection {
  /** The in-page anchor; unique on the page. */
  readonly id: string;
  readonly heading: string;
  readonly blocks: readonly Block[];
}

export interface LegalDocumentContent {
  /** The page's h1. */
  readonly title: string;
  /** One or two sentences under the title saying what the document covers. */
  readonly summary: RichText;
  readonly sections: readonly LegalSection[];
}

export const link = (to: string, text: string): Inline => ({ kind: 'link', to, text });
export const strong = (text: string): Inline => ({ kind: 'strong', text });
export const code = (text: string): Inline => ({ kind: 'code', text });
export const EMAIL: Inline = { kind: 'email' };
export const PHONE: Inline = { kind: 'phone' };

export const paragraph = (...text: Inline[]): Block => ({ kind: 'paragraph', text });
export const bullets = (...items: RichText[]): Block => ({ kind: 'list', items });
export const steps = (...items: RichText[]): Block => ({ kind: 'list', items, ordered: true });
export const highlight = (...text: Inline[]): Block => ({ kind: 'highlight', text });
export const subsection = (heading: string, ...blocks: Block[]): Block => ({ kind: 'subsection', heading, blocks });
export const example = (heading: string, ...blocks: Block[]): Block => ({ kind: 'subsection', heading, blocks, boxed: true });
