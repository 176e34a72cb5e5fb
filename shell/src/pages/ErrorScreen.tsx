import { Button } from '@kesho/shell-kit';
import { mailtoHref, site, telHref } from '@kesho/site-rules/site';
import { ScreenActions, ScreenLayout } from './ScreenLayout';

/** The generic fallback for an uncaught rendering error: "Unexpected Application Error!" and its message. */
export function ErrorScreen({ error, onRetry }: { error: unknown; onRetry?: () => void }) {
  const message = error instanceof Error ? error.message : String(error);
  return (
    <ScreenLayout>
      <h1>Unexpected Application Error!</h1>
      <p role="alert">{message}</p>
      <ScreenActions>
        {onRetry ? (
          <Button type="button" onClick={onRetry}>
            Try again
          </Button>
        ) : null}
      </ScreenActions>
      <p>
        If this keeps happening, call us on <a href={telHref}>{site.phone.display}</a> or e-mail <a href={mailtoHref}>{site.email}</a>.
      </p>
    </ScreenLayout>
  );
}
