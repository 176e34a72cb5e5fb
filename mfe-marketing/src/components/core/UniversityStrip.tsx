import styled, { css, keyframes } from 'styled-components';
import { media, tokens } from '@kesho/shell-kit';

const PAUSE_ID = 'university-strip-pause';

/** The track holds the list twice, so sliding it by half its width loops without a jump. */
const slide = keyframes`
  from { transform: translateX(0); }
  to { transform: translateX(-50%); }
`;

const itemGap = tokens.space(4);

const PauseControl = styled.div`
  display: flex;
  justify-content: center;
  align-items: center;
  gap: ${tokens.space(2)};
  margin-bottom: ${tokens.space(4)};
  font-size: 0.9375rem;
  color: ${tokens.color.muted};

  input {
    width: 1.25rem;
    height: 1.25rem;
    margin: 0;
    accent-color: ${tokens.color.primary};
  }
  label {
    cursor: pointer;
    padding: ${tokens.space(2)} 0;
  }

  /* Nothing moves under reduced motion or in print, so there is nothing to pause. */
  ${media.reducedMotion} {
    display: none;
  }
  ${media.print} {
    display: none;
  }
`;

const Viewport = styled.div`
  overflow: hidden;
  mask-image: linear-gradient(to right, transparent, #000 6%, #000 94%, transparent);
`;

const staticLayout = css`
  animation: none;
  width: auto;
`;

const Track = styled.div`
  display: flex;
  width: max-content;
  animation: ${slide} 45s linear infinite;

  ${Viewport}:hover & {
    animation-play-state: paused;
  }
  ${PauseControl}:has(input:checked) + ${Viewport} & {
    animation-play-state: paused;
  }

  ${media.reducedMotion} {
    ${staticLayout}
  }
  ${media.print} {
    ${staticLayout}
  }
`;

const wrappedList = css`
  flex-wrap: wrap;
  justify-content: center;
  padding-left: ${tokens.space(4)};
  padding-right: ${tokens.space(4)};
  li {
    white-space: normal;
    text-align: center;
  }
`;

const List = styled.ul<{ $duplicate?: boolean }>`
  list-style: none;
  margin: 0;
  padding: ${tokens.space(1)} ${itemGap} ${tokens.space(1)} 0;
  display: flex;
  gap: ${itemGap};

  li {
    flex: none;
    padding: ${tokens.space(2.5)} ${tokens.space(5)};
    border: 1px solid ${tokens.color.border};
    border-radius: ${tokens.radius.pill};
    background: ${tokens.color.background};
    font-weight: 600;
    white-space: nowrap;
  }

  ${media.reducedMotion} {
    ${wrappedList}
    ${({ $duplicate }) => ($duplicate ? 'display: none;' : '')}
  }
  ${media.print} {
    ${wrappedList}
    ${({ $duplicate }) => ($duplicate ? 'display: none;' : '')}
  }
`;

const StripRoot = styled.div`
  ${media.reducedMotion} {
    ${Viewport} {
      overflow: visible;
      mask-image: none;
    }
  }
  ${media.print} {
    ${Viewport} {
      overflow: visible;
      mask-image: none;
    }
  }
`;

/**
 * The continuously scrolling strip of university names. Screen readers get one list (the copy
 * that makes the loop seamless is aria-hidden); visitors can pause it, it pauses on hover, and it
 * becomes a static wrapped list under prefers-reduced-motion. Works without JavaScript.
 */
export function UniversityStrip({ universities, labelledBy }: { universities: readonly string[]; labelledBy: string }) {
  return (
    <StripRoot>
      <PauseControl>
        <input type="checkbox" id={PAUSE_ID} />
        <label htmlFor={PAUSE_ID}>Pause scrolling</label>
      </PauseControl>
      <Viewport>
        <Track>
          <List aria-labelledby={labelledBy}>
            {universities.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </List>
          <List $duplicate aria-hidden="true">
            {universities.map((name) => (
              <li key={name}>{name}</li>
            ))}
          </List>
        </Track>
      </Viewport>
    </StripRoot>
  );
}
