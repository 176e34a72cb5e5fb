/**
 * Opens the hosted payment page in a new tab. `noopener` in the features string would
 * make window.open return null even when the tab opened, so the opener is cut by hand instead.
 * When the browser blocks the new tab, the same tab goes there: a visitor is never left with
 * nothing happening.
 */
export type CheckoutOpening = 'new-tab' | 'same-tab';

export function openCheckout(url: string, target: Window = window): CheckoutOpening {
  let opened: Window | null;
  try {
    opened = target.open(url, '_blank');
  } catch {
    opened = null;
  }
  if (opened) {
    try {
      opened.opener = null;
    } catch {
      // Some browsers make `opener` read-only on cross-origin windows; the tab is open either way.
    }
    return 'new-tab';
  }
  target.location.assign(url);
  return 'same-tab';
}
