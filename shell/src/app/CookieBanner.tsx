import { useEffect, useState } from 'react';
import styled from 'styled-components';
import { Button, Link, media, tokens } from '@kesho/shell-kit';
import { CloseButton } from './CloseButton';
import { readCookieConsent, storeCookieConsent, type CookieConsent } from './cookieConsent';
import { whenIdle } from '../scheduling/whenIdle';

/**
 * The latest the stored choice is read after the banner mounts, when the main thread is never idle
 * before: the banner then shows at most this much later than it could.
 */
export const CONSENT_READ_TIMEOUT_MS = 1_000;

const Banner = styled.section`
  position: fixed;
  left: ${tokens.space(3)};
  right: ${tokens.space(3)};
  bottom: ${tokens.space(3)};
  z-index: 60;
  max-width: 44rem;
  margin: 0 auto;
  padding: ${tokens.space(4)} ${tokens.space(12)} ${tokens.space(4)} ${tokens.space(4)};
  background: ${tokens.color.background};
  border: 1px solid ${tokens.color.border};
  border-radius: ${tokens.radius.lg};
  box-shadow: ${tokens.shadow.raised};
  font-size: 0.9375rem;
  ${media.md} {
    padding: ${tokens.space(5)} ${tokens.space(14)} ${tokens.space(5)} ${tokens.space(6)};
  }
  @media print {
    display: none;
  }
  h2 {
    font-size: 1rem;
    margin-bottom: ${tokens.space(1)};
  }
  p {
    margin: 0 0 ${tokens.space(3)};
  }
`;

const Actions = styled.div`
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)};
`;

const Close = styled(CloseButton)`
  position: absolute;
  top: ${tokens.space(2)};
  right: ${tokens.space(2)};
`;

/**
 * Shown while the browser holds no stored choice. The server cannot know the choice, so the
 * prerendered page carries the banner hidden (its markup and styles arrive with the HTML), and the
 * browser only reveals it after reading the choice: one attribute change instead of building the
 * banner and compiling its styles in the middle of start-up. The read waits for the main thread's
 * first idle moment, in a task of its own: a page's first `localStorage` access is a synchronous call
 * to the browser process (it opens the origin's storage), which took 37-236 ms at 4x CPU on a busy
 * machine inside the task that ran the app's first effects (issue 44). It is fixed-position, so it
 * shifts nothing; without JavaScript it stays hidden, as no choice could be recorded anyway.
 */
export function CookieBanner() {
  const [choice, setChoice] = useState<CookieConsent | null | 'unknown'>('unknown');

  useEffect(() => {
    const read = () => setChoice(readCookieConsent(window.localStorage));
    const cancel = whenIdle(read, CONSENT_READ_TIMEOUT_MS);
    window.addEventListener('storage', read);
    return () => {
      cancel();
      window.removeEventListener('storage', read);
    };
  }, []);

  if (choice === 'accepted' || choice === 'rejected') return null;

  const decide = (value: CookieConsent) => {
    storeCookieConsent(window.localStorage, value);
    setChoice(value);
  };

  return (
    <Banner aria-label="Cookie consent" hidden={choice === 'unknown'}>
      <h2>We value your privacy</h2>
      <p>
        We use cookies to keep the site working and, with your consent, to understand how it is used.{' '}
        <Link to="/cookie-policy">
          Learn more<span className="visually-hidden"> about cookies in our Cookie Policy</span>
        </Link>
      </p>
      <Actions>
        <Button type="button" $variant="secondary" onClick={() => decide('rejected')}>
          Reject
        </Button>
        <Button type="button" onClick={() => decide('accepted')}>
          Accept
        </Button>
      </Actions>
      <Close type="button" aria-label="Close cookie banner" onClick={() => decide('rejected')}>
        <span aria-hidden="true">×</span>
      </Close>
    </Banner>
  );
}
