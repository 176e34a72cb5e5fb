import { forwardRef, type AnchorHTMLAttributes, type MouseEvent } from 'react';
import { useShell } from './ShellContext';

export interface LinkProps extends Omit<AnchorHTMLAttributes<HTMLAnchorElement>, 'href'> {
  /** An in-site path such as "/contact". */
  readonly to: string;
  readonly replace?: boolean;
}

/**
 * A real <a href> (it works without JavaScript and in new tabs) that navigates in-app on a plain
 * left click.
 */
export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link({ to, replace, onClick, target, children, ...rest }, ref) {
  const shell = useShell();
  const handleClick = (event: MouseEvent<HTMLAnchorElement>) => {
    onClick?.(event);
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey || (target && target !== '_self')) {
      return;
    }
    event.preventDefault();
    shell.navigate(to, replace ? { replace } : undefined);
  };
  return (
    <a ref={ref} href={to} target={target} onClick={handleClick} {...rest}>
      {children}
    </a>
  );
});
