import { afterFirstPaint } from './afterFirstPaint';

// The async boundary lets Module Federation negotiate the shared singletons before React loads; it
// is crossed only after the first paint, so the server's HTML is on screen before the app starts.
afterFirstPaint(() => {
  void import('./bootstrap');
});
