/**
 * The brand's colours, once: the shell's global style makes them CSS custom properties (theme.ts),
 * and the build reads them for what is drawn outside a page (share cards, app icons, the web app
 * manifest's theme and background colours). Colours meet WCAG AA on the backgrounds they are used on.
 */
export const palette = {
  primary: '#0f4c81',
  primaryHover: '#0b3a63',
  primarySoft: '#e8f0f8',
  accent: '#92400e',
  accentSoft: '#fef3c7',
  text: '#1f2937',
  muted: '#4b5563',
  background: '#ffffff',
  surface: '#f5f7fa',
  border: '#d1d5db',
  success: '#166534',
  successSoft: '#dcfce7',
  error: '#b91c1c',
  errorSoft: '#fee2e2',
  focus: '#1d4ed8',
  inverseText: '#ffffff',
  footer: '#0b1f33',
} as const;
