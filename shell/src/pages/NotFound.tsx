import { useEffect } from 'react';
import { Link } from '@kesho/shell-kit';
import { pageTitle, site } from '@kesho/site-rules/site';
import { ScreenLayout } from './ScreenLayout';

export const NOT_FOUND_TITLE = pageTitle('Page not found');
export const NOT_FOUND_DESCRIPTION = `The page you were looking for does not exist. Return to the ${site.brand} home page.`;

export function NotFound({ path }: { path: string }) {
  useEffect(() => {
    console.error('404 Error: User attempted to access non-existent route:', path);
  }, [path]);
  return (
    <ScreenLayout>
      <p aria-hidden="true" style={{ fontSize: '4rem', fontWeight: 800, margin: 0 }}>
        404
      </p>
      <h1>Oops! Page not found</h1>
      <p>The page you are looking for does not exist or has moved.</p>
      <Link to="/">Return to Home</Link>
    </ScreenLayout>
  );
}
