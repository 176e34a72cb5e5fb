/**
 * An article's body as the build makes it from its Markdown file (mfe-marketing/tools/articles.mjs):
 * blocks of inline content. Only what an article may use is here; the build refuses anything else.
 */
export type Inline =
  | string
  | { readonly kind: 'emphasis' | 'strong'; readonly content: readonly Inline[] }
  | { readonly kind: 'code'; readonly text: string }
  /** `href`: a path of this site ("/contact"), or an https, mailto or tel address. */
  | { readonly kind: 'link'; readonly href: string; readonly content: readonly Inline[] };

export type ArticleBlock =
  | { readonly kind: 'paragraph'; readonly content: readonly Inline[] }
  | { readonly kind: 'heading'; readonly level: 2 | 3; readonly content: readonly Inline[] }
  | { readonly kind: 'list'; readonly ordered: boolean; readonly items: readonly (readonly Inline[])[] };
