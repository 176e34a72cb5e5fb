export type { NavigateOptions, PageModule, PageRoute, RemoteRoutesModule, ShellApi, ToastOptions, ToastVariant } from './contract';
export { ShellContext, useShell, useNavigate, usePathname, useSearchParams, useToast } from './ShellContext';
export { Link, type LinkProps } from './Link';
export { tokens, media, mediaQuery, type MediaRule } from './theme';
export { palette } from './palette';
export { DEFERRED_LAYOUT_ATTRIBUTE, deferredLayout, Container, Section, Button, ButtonLink, ButtonAnchor, Card, Eyebrow, Lead, PageHeader, VisuallyHidden } from './ui';
