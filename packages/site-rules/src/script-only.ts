/**
 * A control that only the running app can serve (it changes the cart kept in this browser, opens
 * the print dialog, …) carries this attribute. With scripts off it could never work, so the
 * shell's document hides everything so marked (`scriptOnlyHiddenCss`, inside <noscript>): a page
 * without JavaScript shows no dead control. With scripts on, until the app is ready, such a
 * control is disabled and says it is loading.
 */
export const SCRIPT_ONLY_ATTRIBUTE = 'data-needs-js';

/** Spread onto an element: `<Button {...scriptOnly}>`. */
export const scriptOnly: { readonly [SCRIPT_ONLY_ATTRIBUTE]: '' } = { [SCRIPT_ONLY_ATTRIBUTE]: '' };

/** The rule the shell's document applies when scripts are off. */
export const scriptOnlyHiddenCss = `[${SCRIPT_ONLY_ATTRIBUTE}]{display:none!important}`;
