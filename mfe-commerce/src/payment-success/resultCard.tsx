import styled from 'styled-components';
import { CircleCheck, CircleX, Hourglass } from 'lucide-react';
import { media, tokens } from '@kesho/shell-kit';
import { PanelCard } from '../components/ui';

/** The look of the success page's result card, shared by its three screens. */

export type ResultTone = 'success' | 'error' | 'pending';

const softBackground = (tone: ResultTone) => (tone === 'success' ? tokens.color.successSoft : tone === 'error' ? tokens.color.errorSoft : tokens.color.accentSoft);

export const ScreenOnly = styled.div`
  ${media.print} {
    display: none;
  }
`;

export const ResultCard = styled(PanelCard)`
  max-width: 40rem;
  margin: 0 auto;
  text-align: center;
  h1 {
    font-size: clamp(1.75rem, 3vw + 1rem, 2.5rem);
  }
`;

const IconCircle = styled.span<{ $tone: ResultTone }>`
  display: inline-flex;
  align-items: center;
  justify-content: center;
  width: 4.5rem;
  height: 4.5rem;
  margin-bottom: ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  background: ${({ $tone }) => softBackground($tone)};
  color: ${({ $tone }) => ($tone === 'success' ? tokens.color.success : $tone === 'error' ? tokens.color.error : tokens.color.accent)};
`;

const toneIcons = { success: CircleCheck, error: CircleX, pending: Hourglass } as const;

/** The large decorative icon at the top of the card: a tick, a cross or an hourglass. */
export function ResultIcon({ tone }: { tone: ResultTone }) {
  const Icon = toneIcons[tone];
  return (
    <IconCircle $tone={tone}>
      <Icon aria-hidden="true" focusable="false" size={40} />
    </IconCircle>
  );
}

export const StatusLine = styled.p<{ $tone: ResultTone }>`
  display: inline-block;
  padding: ${tokens.space(1.5)} ${tokens.space(4)};
  border-radius: ${tokens.radius.pill};
  font-weight: 600;
  background: ${({ $tone }) => softBackground($tone)};
  color: ${tokens.color.text};
`;

export const Details = styled.dl`
  margin: ${tokens.space(6)} 0;
  padding: ${tokens.space(4)};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.surface};
  text-align: left;
  div {
    display: flex;
    flex-wrap: wrap;
    justify-content: space-between;
    gap: ${tokens.space(1)} ${tokens.space(4)};
    padding: ${tokens.space(1)} 0;
  }
  dt {
    color: ${tokens.color.muted};
  }
  dd {
    margin: 0;
    font-weight: 700;
    font-variant-numeric: tabular-nums;
  }
`;

export const Actions = styled.div`
  display: flex;
  flex-direction: column;
  gap: ${tokens.space(3)};
  margin: ${tokens.space(6)} 0;
  ${media.sm} {
    flex-direction: row;
    justify-content: center;
  }
`;

export const Muted = styled.p`
  color: ${tokens.color.muted};
`;
