import type { ReactNode } from 'react';
import styled, { keyframes } from 'styled-components';
import { Card, media, tokens } from '@kesho/shell-kit';
import { Field } from '@kesho/shell-kit/fields';

/**
 * Layout pieces shared by the commerce pages, and the controls only they use (range, checkbox), built
 * only from shell-kit tokens. Labels, hints, errors and text fields are the shell-kit's.
 */

export { VisuallyHidden } from '@kesho/shell-kit';

export const PanelCard = styled(Card)`
  padding: ${tokens.space(5)};
  ${media.md} {
    padding: ${tokens.space(6)};
  }
`;

/**
 * A form field (the shell-kit's) with the space the commerce forms leave below it: they stack their
 * fields in normal flow rather than in a grid with a gap.
 */
export const FieldGroup = styled(Field)`
  margin-bottom: ${tokens.space(5)};
`;

export const RangeInput = styled.input`
  width: 100%;
  min-height: ${tokens.touchTarget};
  margin: 0;
  accent-color: ${tokens.color.primary};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${tokens.color.focus};
    outline-offset: 2px;
  }
`;

export const Checkbox = styled.input`
  flex: none;
  width: 1.375rem;
  height: 1.375rem;
  margin: 0.125rem 0 0;
  accent-color: ${tokens.color.primary};
  cursor: pointer;
  &:focus-visible {
    outline: 3px solid ${tokens.color.focus};
    outline-offset: 2px;
  }
`;

// The box's background pulses, never its text: text faded with the box would fall below AA contrast.
const pulse = keyframes`
  0% { background-color: ${tokens.color.surface}; }
  50% { background-color: ${tokens.color.background}; }
  100% { background-color: ${tokens.color.surface}; }
`;

const SkeletonBox = styled.div<{ $minHeight: string }>`
  min-height: ${({ $minHeight }) => $minHeight};
  display: flex;
  align-items: center;
  justify-content: center;
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  color: ${tokens.color.muted};
  animation: ${pulse} 1.6s ease-in-out infinite;
  ${media.reducedMotion} {
    animation: none;
  }
  p {
    margin: 0;
    padding: ${tokens.space(4)};
    text-align: center;
  }
`;

/**
 * Height of the cart-dependent area of /checkout and /payment until the cart has been read: taller
 * than a phone's first screen, so the footer starts below the fold and does not jump into view or
 * out of it when the real content (or the redirect) arrives. Measured: the footer's move was the
 * whole layout shift of those pages (CLS 0.025 on /checkout, 0.16 on /payment's redirect).
 */
export const CART_AREA_MIN_HEIGHT = '40rem';

/**
 * What a page shows until the saved cart has been read: the same on the server and in the first
 * client render, and as tall as the real content so nothing below it jumps.
 */
export function CartLoading({ minHeight = '12rem', children = 'Loading your package…' }: { minHeight?: string; children?: ReactNode }) {
  return (
    <SkeletonBox $minHeight={minHeight} role="status">
      <p>
        {children}
        <noscript> This page keeps your package in this browser and needs JavaScript to show it.</noscript>
      </p>
    </SkeletonBox>
  );
}

export const ErrorPanel = styled.div`
  display: flex;
  gap: ${tokens.space(3)};
  padding: ${tokens.space(4)};
  margin-bottom: ${tokens.space(5)};
  border: 1px solid ${tokens.color.error};
  border-left-width: 4px;
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.errorSoft};
  color: ${tokens.color.text};
  p {
    margin: 0;
  }
  ul {
    margin: ${tokens.space(2)} 0 0;
    padding-left: ${tokens.space(5)};
  }
  svg {
    flex: none;
    color: ${tokens.color.error};
    margin-top: 0.125rem;
  }
`;
