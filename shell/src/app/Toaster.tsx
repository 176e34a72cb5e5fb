import { forwardRef, useRef, useState, type PointerEvent, type ReactNode } from 'react';
import { closeSnackbar, enqueueSnackbar, SnackbarContent, SnackbarProvider, type CustomContentProps } from 'notistack';
import styled from 'styled-components';
import { tokens, type ToastOptions } from '@kesho/shell-kit';
import { CloseButton } from './CloseButton';

/**
 * notistack and the toast look, loaded on the first toast only: most visits raise none, so this
 * chunk stays off the critical path of every page (see Notifications.tsx).
 */
export const TOAST_DURATION_MS = 5_000;
export const SWIPE_DISMISS_PX = 50;

const Toast = styled.div<{ $variant: string }>`
  display: flex;
  align-items: flex-start;
  gap: ${tokens.space(3)};
  width: min(26rem, 100%);
  padding: ${tokens.space(3)} ${tokens.space(3)} ${tokens.space(3)} ${tokens.space(4)};
  background: ${tokens.color.background};
  color: ${tokens.color.text};
  border: 1px solid ${tokens.color.border};
  border-left: 6px solid ${({ $variant }) => ($variant === 'error' ? tokens.color.error : $variant === 'success' ? tokens.color.success : tokens.color.primary)};
  border-radius: ${tokens.radius.md};
  box-shadow: ${tokens.shadow.raised};
  touch-action: pan-y;
  strong {
    display: block;
  }
  span {
    display: block;
    color: ${tokens.color.muted};
    font-size: 0.9375rem;
  }
`;

const Dismiss = styled(CloseButton)`
  margin-left: auto;
  width: 2.25rem;
  height: 2.25rem;
`;

const ToastContent = forwardRef<HTMLDivElement, CustomContentProps>(function ToastContent({ id, message, variant }, ref) {
  const start = useRef<number | null>(null);
  const [offset, setOffset] = useState(0);
  const onPointerDown = (event: PointerEvent) => {
    start.current = event.clientX;
  };
  const onPointerMove = (event: PointerEvent) => {
    if (start.current !== null) setOffset(event.clientX - start.current);
  };
  const onPointerEnd = () => {
    if (Math.abs(offset) > SWIPE_DISMISS_PX) closeSnackbar(id);
    start.current = null;
    setOffset(0);
  };
  return (
    <SnackbarContent ref={ref} role={variant === 'error' ? 'alert' : 'status'}>
      <Toast
        $variant={variant}
        style={offset ? { transform: `translateX(${offset}px)`, opacity: Math.max(0.3, 1 - Math.abs(offset) / 200) } : undefined}
        onPointerDown={onPointerDown}
        onPointerMove={onPointerMove}
        onPointerUp={onPointerEnd}
        onPointerCancel={onPointerEnd}
      >
        <div>{message}</div>
        <Dismiss type="button" aria-label="Dismiss notification" onClick={() => closeSnackbar(id)}>
          <span aria-hidden="true">×</span>
        </Dismiss>
      </Toast>
    </SnackbarContent>
  );
});

const components = { default: ToastContent, success: ToastContent, error: ToastContent, info: ToastContent, warning: ToastContent };

/** One toast at a time, 5 s, in the shell's Notifications region (a new one replaces the one shown). */
export function ToastHost({ root, wide }: { root: HTMLElement; wide: boolean }) {
  return (
    <SnackbarProvider
      maxSnack={1}
      autoHideDuration={TOAST_DURATION_MS}
      anchorOrigin={wide ? { vertical: 'bottom', horizontal: 'right' } : { vertical: 'top', horizontal: 'center' }}
      Components={components}
      domRoot={root}
    />
  );
}

export function raiseToast(message: string, options: ToastOptions = {}): void {
  const content: ReactNode = options.description ? (
    <>
      <strong>{message}</strong>
      <span>{options.description}</span>
    </>
  ) : (
    <strong>{message}</strong>
  );
  enqueueSnackbar(content, { variant: options.variant ?? 'default' });
}

export function dismissToasts(): void {
  closeSnackbar();
}
