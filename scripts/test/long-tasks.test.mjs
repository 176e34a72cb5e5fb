/**
 * The bench's traced count of long tasks (lib/long-tasks.mjs, countTracedTasks): which events of a
 * DevTools trace are a task of the page's main thread, how nested events count, which window counts,
 * and each task's wall and thread time. support/astrowind-trace.json is a recorded trace of
 * AstroWind's / at CPU 4x (Chromium 156, `npm run bench -- pages`'s categories), cut to the main
 * threads' tasks over 10 ms (40 ms on the other threads), the navigation starts and the thread names:
 * two renderers (the fresh context's blank page, 7745, and the page's, 7763), the page's compositor
 * thread and the browser's main thread, with the unfinished tasks that stopped the trace.
 */
import assert from 'node:assert/strict';
import fs from 'node:fs';
import { test } from 'node:test';
import { countTracedTasks, pageMainThread } from '../lib/long-tasks.mjs';

const recorded = JSON.parse(fs.readFileSync(new URL('./support/astrowind-trace.json', import.meta.url), 'utf8')).traceEvents;
const PAGE_URL = 'http://127.0.0.1:40651/';
const round = (/** @type {number} */ ms) => Math.round(ms * 10) / 10;

test('the page’s main thread is the renderer that started the navigation of its URL, from that first navigationStart', () => {
  assert.deepEqual(pageMainThread(recorded, PAGE_URL), { pid: 7763, tid: 7763, navigationStart: 31955418306 });
  // Without the URL: the first navigationStart with a URL on a renderer's main thread (not the later, same-document ones).
  assert.deepEqual(pageMainThread(recorded), { pid: 7763, tid: 7763, navigationStart: 31955418306 });
  // A redirect: the page's URL is not the one asked for; a blank page's navigation is never the page's.
  const blank = { ph: 'R', name: 'navigationStart', pid: 7745, tid: 7745, ts: 31955000000, args: { data: { documentLoaderURL: 'about:blank' } } };
  assert.deepEqual(pageMainThread([blank, ...recorded], 'http://127.0.0.1:40651/old-path'), { pid: 7763, tid: 7763, navigationStart: 31955418306 });
  assert.equal(pageMainThread([]), null);
  assert.equal(countTracedTasks([]), null);
});

test('a recorded load: every top-level task of the page’s main thread over 50 ms, by wall and by thread time', () => {
  const count = countTracedTasks(recorded, { url: PAGE_URL });
  assert.ok(count);
  // Seven tasks are over 50 ms of wall time; each is traced twice (RunTask and, inside it,
  // ThreadControllerImpl::RunTask) and counted once, with the outer event's times.
  assert.deepEqual(
    count.tasks.map((task) => [round(task.start), round(task.wallMs), task.threadMs === null ? null : round(task.threadMs)]),
    [
      [75.1, 129.2, 61.5],
      [215.8, 89.3, 47.2],
      [412.7, 463.1, 258.5],
      [925.9, 91.9, 39],
      [1036.6, 193.6, 149],
      [2520.8, 72.3, 8.8],
      [3237.1, 77, 8.9],
    ],
  );
  assert.equal(count.wall.count, 7);
  assert.equal(round(count.wall.longestMs), 463.1);
  assert.equal(round(count.wall.blockingMs), 79.2 + 39.3 + 413.1 + 41.9 + 143.6 + 22.3 + 27);
  // By thread time only three are long: the others waited (throttled, descheduled, or on another process).
  assert.ok(count.thread);
  assert.equal(count.thread.count, 3);
  assert.equal(round(count.thread.longestMs), 258.5);
  assert.equal(round(count.thread.blockingMs), 11.5 + 208.5 + 99);
  // Not counted: the blank renderer's and the browser's tasks, the compositor thread's, and the
  // unfinished task (a begin without its end) that stopped the trace.
  assert.ok(count.windowMs > 4000);
});

/** A trace of one renderer main thread, its navigation at 1,000,000 µs. */
function synthetic(/** @type {any[]} */ events) {
  return [
    { ph: 'M', name: 'thread_name', pid: 1, tid: 1, args: { name: 'CrRendererMain' } },
    { ph: 'M', name: 'thread_name', pid: 1, tid: 2, args: { name: 'Compositor' } },
    { ph: 'R', name: 'navigationStart', pid: 1, tid: 1, ts: 1_000_000, args: { data: { documentLoaderURL: 'http://site/' } } },
    ...events.map((event) => ({ pid: 1, tid: 1, cat: 'toplevel', ...event })),
  ];
}
const task = (/** @type {number} */ startMs, /** @type {number} */ wallMs, /** @type {number | undefined} */ threadMs, name = 'RunTask') => ({
  ph: 'X',
  name,
  ts: 1_000_000 + startMs * 1000,
  dur: wallMs * 1000,
  ...(threadMs === undefined ? {} : { tdur: threadMs * 1000 }),
});

test('nesting: a task inside another (the scheduler’s event, a nested run loop’s task) is part of it; back-to-back tasks are two', () => {
  const count = countTracedTasks(
    synthetic([
      task(10, 200, 150),
      task(10.001, 199, 149, 'ThreadControllerImpl::RunTask'),
      task(50, 80, 70), // a nested run loop's task, inside the first
      task(210, 60, 55, 'ThreadControllerImpl::RunTask'), // traced by the scheduler only
      task(270, 60, 20), // right after: long by wall time only
      task(400, 40, 40), // short by both
    ]),
  );
  assert.ok(count);
  assert.deepEqual(
    count.tasks.map((found) => [found.start, found.wallMs, found.threadMs]),
    [
      [10, 200, 150],
      [210, 60, 55],
      [270, 60, 20],
    ],
  );
  assert.deepEqual(count.wall, { count: 3, longestMs: 200, blockingMs: 150 + 10 + 10 });
  assert.deepEqual(count.thread, { count: 2, longestMs: 150, blockingMs: 100 + 5 });
});

test('the window: tasks from the navigation’s start to the end of the trace; the task that stopped the trace is left out', () => {
  const count = countTracedTasks(
    synthetic([
      task(-300, 250, 200), // the process's start, before the navigation
      task(0.5, 90, 80),
      { ph: 'B', name: 'RunTask', ts: 1_500_000, tts: 10 },
      { ph: 'E', name: 'RunTask', ts: 1_570_000, tts: 60_010 }, // a begin/end pair: 70 ms wall, 60 ms thread
      { ph: 'X', name: 'RunTask', ts: 1_600_000, dur: 300_000, tdur: 300_000, tid: 2 }, // another thread
      { ph: 'B', name: 'RunTask', ts: 2_000_000 }, // unfinished: the trace stopped inside it
      { ph: 'I', name: 'SomethingLast', ts: 2_100_000 },
    ]),
  );
  assert.ok(count);
  assert.deepEqual(
    count.tasks.map((found) => [found.start, found.wallMs, found.threadMs]),
    [
      [0.5, 90, 80],
      [500, 70, 60],
    ],
  );
  assert.equal(count.windowMs, 1100);
});

test('a task traced without its thread time counts by its wall time; a trace without any has no thread figures', () => {
  const partly = countTracedTasks(synthetic([task(0, 120, undefined), task(200, 30, 10), task(300, 90, 60)]));
  assert.ok(partly);
  assert.deepEqual(partly.wall, { count: 2, longestMs: 120, blockingMs: 70 + 40 });
  assert.deepEqual(partly.thread, { count: 2, longestMs: 120, blockingMs: 70 + 10 });
  assert.deepEqual(partly.tasks[0], { ts: 1_000_000, start: 0, wallMs: 120, threadMs: null });
  const none = countTracedTasks(synthetic([task(0, 120, undefined), task(200, 30, undefined)]));
  assert.ok(none);
  assert.deepEqual(none.wall, { count: 1, longestMs: 120, blockingMs: 70 });
  assert.equal(none.thread, null);
});
