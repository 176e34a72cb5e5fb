import { DEFERRED_LAYOUT_ATTRIBUTE } from '@kesho/shell-kit';
import { layOutInPieces, layOutWhole } from '../src/scheduling/layOutInPieces';

describe('layOutInPieces', () => {
  const idle: (() => void)[] = [];
  const queue = jest.fn<void, [() => void, number]>((job) => {
    idle.push(job);
  });
  const runNextIdle = () => idle.shift()?.();

  beforeEach(() => {
    idle.length = 0;
    queue.mockClear();
    delete document.documentElement.dataset.laidOut;
    document.body.innerHTML = `
      <section ${DEFERRED_LAYOUT_ATTRIBUTE}="" id="one"></section>
      <section id="plain"></section>
      <section ${DEFERRED_LAYOUT_ATTRIBUTE}="" id="two"></section>
      <footer ${DEFERRED_LAYOUT_ATTRIBUTE}="" id="footer"></footer>`;
  });
  afterEach(() => {
    document.body.innerHTML = '';
    delete document.documentElement.dataset.laidOut;
  });

  const laidOut = () => [...document.querySelectorAll<HTMLElement>('[data-laid-out]')].map((element) => element.id || element.tagName);

  it('lays out one deferred block per idle moment, in page order, then the page whole', () => {
    layOutInPieces(2_000, document, queue);
    // Nothing happens before the first idle moment.
    expect(laidOut()).toEqual([]);
    expect(queue).toHaveBeenLastCalledWith(expect.any(Function), 2_000);
    runNextIdle();
    expect(laidOut()).toEqual(['one']);
    runNextIdle();
    expect(laidOut()).toEqual(['one', 'two']);
    runNextIdle();
    expect(laidOut()).toEqual(['one', 'two', 'footer']);
    expect(document.documentElement.dataset.laidOut).toBeUndefined();
    runNextIdle();
    expect(document.documentElement.dataset.laidOut).toBe('');
    expect(idle).toHaveLength(0);
    expect(queue).toHaveBeenCalledTimes(4);
  });

  it('stops when the page was laid out whole meanwhile (a navigation)', () => {
    layOutInPieces(2_000, document, queue);
    runNextIdle();
    layOutWhole(document);
    runNextIdle();
    expect(laidOut()).toEqual(['HTML', 'one']);
    expect(idle).toHaveLength(0);
  });

  it('with no deferred block, lays the page out whole at the first idle moment', () => {
    document.body.innerHTML = '<main></main>';
    layOutInPieces(2_000, document, queue);
    expect(document.documentElement.dataset.laidOut).toBeUndefined();
    runNextIdle();
    expect(document.documentElement.dataset.laidOut).toBe('');
  });
});
