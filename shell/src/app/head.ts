import { pageTitle, site } from '@kesho/site-rules/site';
import { NOT_FOUND_DESCRIPTION, NOT_FOUND_TITLE } from '../pages/NotFound';
import type { Resolution } from './resolution';

export interface HeadData {
  readonly title: string;
  readonly description: string;
  /** Absolute canonical URL, or null for the not-found and unavailable screens. */
  readonly canonical: string | null;
  /**
   * Every route's page may be indexed (a noindex page fails Lighthouse's SEO audit, and SEO is
   * held at 100 on every route); only the not-found and unavailable screens are not.
   */
  readonly indexable: boolean;
}

/** The robots meta tag's content for a head. */
export function robotsContent(head: HeadData): string {
  return head.indexable ? 'index, follow' : 'noindex';
}

export function headFor(resolution: Resolution): HeadData {
  if (resolution.kind === 'page') {
    return {
      title: resolution.route.title,
      description: resolution.route.description,
      canonical: `${site.origin}${resolution.path === '/' ? '/' : resolution.path}`,
      indexable: true,
    };
  }
  if (resolution.kind === 'not-found') {
    return { title: NOT_FOUND_TITLE, description: NOT_FOUND_DESCRIPTION, canonical: null, indexable: false };
  }
  return { title: pageTitle('Temporarily unavailable'), description: NOT_FOUND_DESCRIPTION, canonical: null, indexable: false };
}

function setMeta(selector: string, create: () => HTMLElement, attribute: string, value: string | null) {
  let element = document.head.querySelector<HTMLElement>(selector);
  if (value === null) {
    element?.remove();
    return;
  }
  if (!element) {
    element = create();
    document.head.append(element);
  }
  element.setAttribute(attribute, value);
}

/** Keeps the document head in step after a client-side navigation. */
export function applyHead(head: HeadData): void {
  document.title = head.title;
  const meta =
    (name: string, property = false) =>
    () => {
      const element = document.createElement('meta');
      element.setAttribute(property ? 'property' : 'name', name);
      return element;
    };
  setMeta('meta[name="description"]', meta('description'), 'content', head.description);
  setMeta('meta[property="og:title"]', meta('og:title', true), 'content', head.title);
  setMeta('meta[property="og:description"]', meta('og:description', true), 'content', head.description);
  setMeta('meta[property="og:url"]', meta('og:url', true), 'content', head.canonical);
  setMeta('meta[name="robots"]', meta('robots'), 'content', robotsContent(head));
  setMeta(
    'link[rel="canonical"]',
    () => {
      const link = document.createElement('link');
      link.rel = 'canonical';
      return link;
    },
    'href',
    head.canonical,
  );
}
