import styled from 'styled-components';
import { Button, tokens } from '@kesho/shell-kit';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import { ScreenActions, ScreenLayout } from './ScreenLayout';

const Notice = styled.div`
  max-width: ${tokens.maxWidth};
  margin: ${tokens.space(4)} auto 0;
  padding: ${tokens.space(4)};
  border: 1px solid ${tokens.color.error};
  border-radius: ${tokens.radius.md};
  background: ${tokens.color.errorSoft};
  display: flex;
  flex-wrap: wrap;
  align-items: center;
  gap: ${tokens.space(3)};
  p {
    margin: 0;
    flex: 1 1 20rem;
  }
`;

function ContactLine() {
  return (
    <>
      Need help now? Call <a href={telHref}>{site.phone.display}</a> or e-mail <a href={mailtoHref}>{site.email}</a>.
    </>
  );
}

/** The notice above server HTML whose page code could not be loaded. */
export function UnavailableNotice({ onRetry }: { onRetry: () => void }) {
  return (
    <Notice role="alert">
      <p>
        <strong>This page could not be loaded completely.</strong> Some features may not work. <ContactLine />
      </p>
      <Button type="button" onClick={onRetry}>
        Retry
      </Button>
    </Notice>
  );
}

/**
 * Shown in the page area in place of a page whose remote cannot be loaded (network error, bad deploy)
 * when no server HTML of that page is on screen, e.g. after a client-side navigation (a direct load
 * keeps the server's HTML under UnavailableNotice). Header, footer and the other remotes keep working.
 */
export function RemoteUnavailable({ onRetry }: { onRetry: () => void }) {
  return (
    <ScreenLayout>
      <h1>This page could not be loaded</h1>
      <p role="alert">Part of our site is temporarily unavailable, possibly because of a network problem. Please check your connection and try again.</p>
      <ScreenActions>
        <Button type="button" onClick={onRetry}>
          Retry
        </Button>
      </ScreenActions>
      <p>
        <ContactLine />
      </p>
    </ScreenLayout>
  );
}
