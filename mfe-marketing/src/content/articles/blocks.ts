/** The building blocks of an article's body, written as p(…), h(…), ul(…) and ol(…) in articles/*.ts. */
export type ArticleBlock =
  | { readonly kind: 'paragraph'; readonly text: string }
  | { readonly kind: 'heading'; readonly text: string }
  | { readonly kind: 'list'; readonly ordered?: boolean; readonly items: readonly string[] };

export const p = (text: string): ArticleBlock => ({ kind: 'paragraph', text });
export const h = (text: string): ArticleBlock => ({ kind: 'heading', text });
export const ul = (...items: string[]): ArticleBlock => ({ kind: 'list', items });
export const ol = (...items: string[]): ArticleBlock => ({ kind: 'list', ordered: true, items });
