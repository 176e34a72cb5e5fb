import { afterFirstPaint } from './afterFirstPaint';
import { yieldToMain } from './scheduling/yieldToMain';

/*
 * Asks for the app's chunks in a few tasks: in one, inserting the scripts of React, React DOM,
 * styled-components, the router and the app (with the share scope's set-up) was a ~60-90 ms task of
 * its own at 4x CPU. Each request starts without waiting for the one before to arrive; a failure
 * surfaces through `./bootstrap`'s import, which needs them all.
 */
async function loadInPieces() {
  const ignore = () => undefined;
  import('react').catch(ignore);
  await yieldToMain();
  import('react-dom/client').catch(ignore);
  await yieldToMain();
  import('styled-components').catch(ignore);
  await yieldToMain();
  await import('./bootstrap');
}

// The async boundary lets Module Federation negotiate the shared singletons before React loads; it
// is crossed only after the first paint, so the server's HTML is on screen before the app starts.
afterFirstPaint(() => {
  void loadInPieces();
});
