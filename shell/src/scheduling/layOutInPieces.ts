import { DEFERRED_LAYOUT_ATTRIBUTE } from '@kesho/shell-kit';
import { whenIdle } from './whenIdle';

/*
 * The blocks a first page may leave unlaid-out (shell-kit's `deferredLayout`: `content-visibility: auto`
 * while neither `<html>` nor the block has `data-laid-out`) carry shell-kit's DEFERRED_LAYOUT_ATTRIBUTE:
 * shell-kit's `Section` bands and the shell's footer.
 */

/** Every block laid out from now on (`<html data-laid-out>`): at a navigation, or after the last piece. */
export function layOutWhole(doc: Document = document): void {
  doc.documentElement.dataset.laidOut = '';
}

/**
 * Lays the first page's deferred blocks out one at a time: each in an idle moment of its own, the
 * block marked `data-laid-out`, so the frame that follows lays out that block alone; then
 * `<html data-laid-out>`. Laid out at once, the home page's bands and footer were one task of about
 * 60 ms of thread time at 4x CPU (issue 44). Each step waits for the main thread's next idle moment
 * (or `timeoutMs`); a navigation meanwhile (`layOutWhole`) ends it.
 */
export function layOutInPieces(timeoutMs: number, doc: Document = document, idle: (job: () => void, timeoutMs: number) => void = whenIdle): void {
  const next = () => {
    if (doc.documentElement.dataset.laidOut !== undefined) return;
    const block = doc.querySelector<HTMLElement>(`[${DEFERRED_LAYOUT_ATTRIBUTE}]:not([data-laid-out])`);
    if (!block) {
      layOutWhole(doc);
      return;
    }
    block.dataset.laidOut = '';
    idle(next, timeoutMs);
  };
  idle(next, timeoutMs);
}
