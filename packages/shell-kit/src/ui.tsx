import type { ReactNode } from 'react';
import styled, { css } from 'styled-components';
import { Link } from './Link';
import { media, tokens } from './theme';

/** The handful of layout and control primitives every page uses, so remotes look like one site. */

export const Container = styled.div`
  width: 100%;
  max-width: ${tokens.maxWidth};
  margin: 0 auto;
  padding: 0 ${tokens.space(4)};
  ${media.md} {
    padding: 0 ${tokens.space(6)};
  }
`;

/**
 * The attribute of a block a first page may leave unlaid-out: the shell's `layOutInPieces` finds such
 * blocks by it and marks each `data-laid-out` in an idle moment of its own (the shell's README).
 */
export const DEFERRED_LAYOUT_ATTRIBUTE = 'data-deferred-layout';

/**
 * The styles of such a block: until it or `<html>` is marked `data-laid-out`, laid out only when it
 * nears the screen (`content-visibility: auto`), at `estimatedHeight` meanwhile.
 */
export const deferredLayout = (estimatedHeight: string) => css`
  @media screen {
    html:not([data-laid-out]) &:not([data-laid-out]) {
      content-visibility: auto;
      contain-intrinsic-size: auto ${estimatedHeight};
    }
  }
`;

/**
 * A band of a page. On the first page of a visit, until the shell marks it or `<html>` `data-laid-out`
 * (the page interactive and the main thread idle: the shell's `layOutInPieces` marks the bands, which
 * carry `data-deferred-layout`, one per idle moment; or the first navigation), a band is laid out only
 * when it nears the screen (`content-visibility: auto`, at an estimated height meanwhile): the first
 * layout covers what is on screen, not the whole page, which was the longest task of a start-up at 4x
 * CPU (issue 44). From then on every band is laid out whole, so axe reads each band's text against its
 * own background and Back restores exact positions.
 */
export const Section = styled.section.attrs<{ [DEFERRED_LAYOUT_ATTRIBUTE]: string }>({ [DEFERRED_LAYOUT_ATTRIBUTE]: '' })<{ $tone?: 'plain' | 'surface' | 'primary' }>`
  ${deferredLayout('40rem')}
  padding: ${tokens.space(12)} 0;
  ${media.md} {
    padding: ${tokens.space(16)} 0;
  }
  background: ${({ $tone }) => ($tone === 'surface' ? tokens.color.surface : $tone === 'primary' ? tokens.color.primary : 'transparent')};
  ${({ $tone }) =>
    $tone === 'primary' &&
    css`
      color: ${tokens.color.inverseText};
      h2,
      h3,
      p {
        color: ${tokens.color.inverseText};
      }
    `}
`;

/**
 * What a button looks like, and what it sits on: `primary` (solid brand colour), `secondary` (outlined,
 * on a light background), `inverse` (solid white, on the brand colour) and `inverseOutline` (outlined in
 * white, on the brand colour).
 */
type ButtonVariant = 'primary' | 'secondary' | 'inverse' | 'inverseOutline';

const variantLooks = {
  primary: css`
    background: ${tokens.color.primary};
    color: ${tokens.color.inverseText};
    &:hover {
      background: ${tokens.color.primaryHover};
      color: ${tokens.color.inverseText};
    }
  `,
  secondary: css`
    background: ${tokens.color.background};
    color: ${tokens.color.primary};
    &:hover {
      background: ${tokens.color.primarySoft};
      color: ${tokens.color.primaryHover};
    }
  `,
  inverse: css`
    background: ${tokens.color.background};
    border-color: ${tokens.color.background};
    color: ${tokens.color.primary};
    &:hover {
      background: ${tokens.color.primarySoft};
      color: ${tokens.color.primaryHover};
    }
  `,
  inverseOutline: css`
    background: transparent;
    border-color: ${tokens.color.inverseText};
    color: ${tokens.color.inverseText};
    &:hover {
      background: ${tokens.color.primaryHover};
      color: ${tokens.color.inverseText};
    }
  `,
} as const;

/**
 * The site's one button look, for anything a visitor presses to act: at least a fingertip tall, bold,
 * rounded, in one of the `ButtonVariant`s. `Button`, `ButtonLink` and `ButtonAnchor` wear it, and
 * they are the only way to make a button.
 */
const buttonLook = css<{ $variant?: ButtonVariant }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  gap: ${tokens.space(2)};
  min-height: ${tokens.touchTarget};
  padding: ${tokens.space(2.5)} ${tokens.space(5)};
  border-radius: ${tokens.radius.md};
  border: 2px solid ${tokens.color.primary};
  font-weight: 600;
  line-height: 1.2;
  text-decoration: none;
  cursor: pointer;
  transition:
    background-color 0.15s ease,
    color 0.15s ease;
  ${({ $variant = 'primary' }) => variantLooks[$variant]}
  &:disabled, &[aria-disabled='true'] {
    opacity: 0.65;
    cursor: not-allowed;
  }
`;

export const Button = styled.button<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

/** An in-site link that looks like a button (the shell routes it; without JavaScript it is a plain link). */
export const ButtonLink = styled(Link)<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

/** A plain `<a>` that looks like a button, for addresses the shell does not route: `tel:`, `mailto:`. */
export const ButtonAnchor = styled.a<{ $variant?: ButtonVariant }>`
  ${buttonLook}
`;

export const Card = styled.div`
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  padding: ${tokens.space(6)};
  box-shadow: ${tokens.shadow.card};
`;

export const Eyebrow = styled.p`
  margin: 0 0 ${tokens.space(2)};
  font-size: 0.875rem;
  font-weight: 700;
  letter-spacing: 0.06em;
  text-transform: uppercase;
  color: ${tokens.color.accent};
`;

export const Lead = styled.p`
  font-size: 1.125rem;
  color: ${tokens.color.muted};
  max-width: 46rem;
`;

const PageHeaderBand = styled.header`
  background: ${tokens.color.primarySoft};
  padding: ${tokens.space(10)} 0 ${tokens.space(8)};
  ${media.md} {
    padding: ${tokens.space(14)} 0 ${tokens.space(10)};
  }
`;

/** The title band at the top of a content page: one h1 per page. */
export function PageHeader({ eyebrow, title, children }: { eyebrow?: string; title: string; children?: ReactNode }) {
  return (
    <PageHeaderBand>
      <Container>
        {eyebrow ? <Eyebrow>{eyebrow}</Eyebrow> : null}
        <h1>{title}</h1>
        {children ? <Lead as="div">{children}</Lead> : null}
      </Container>
    </PageHeaderBand>
  );
}

/**
 * Text for screen readers only, e.g. to give a repeated "Learn more" link a unique name. The rules
 * are the global rules' `.visually-hidden` class, which plain markup (and the shell) uses too.
 */
export function VisuallyHidden({ children }: { children: ReactNode }) {
  return <span className="visually-hidden">{children}</span>;
}
