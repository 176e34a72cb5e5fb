export type { PageModule, PageRoute, RemoteRoutesModule, ShellApi, ToastOptions, ToastVariant } from './contract';
export { ShellContext, useShell, useNavigate, usePathname, useToast } from './ShellContext';
export { Link, type LinkProps } from './Link';
export { tokens, media, globalCss, GlobalStyle } from './theme';
export { Container, Section, buttonLook, Button, ButtonLink, ButtonAnchor, type ButtonVariant, Card, Eyebrow, Lead, PageHeader, VisuallyHidden } from './ui';
