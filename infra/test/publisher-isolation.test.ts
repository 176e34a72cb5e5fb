/**
 * Issue 41, item 10: a team's deploy publishes, stages and canaries its own app only. The App
 * property is the team's to write, so the publisher holds it to the deploying stack CloudFormation
 * names (StackId): KeshoShell is the shell, KeshoRemote-<app> that remote.
 */
import { type EdgeServices } from '@kesho/release-model/engine/edge-pass';
import { deployEdge } from '../functions/release-publisher/deploy';
import { type ObjectStore } from '@kesho/release-model/engine/publish';
import { foreignApp, publishForDeploy } from '../functions/release-publisher/deploy';

const stack = (name: string) => `arn:aws:cloudformation:eu-west-1:111111111111:stack/${name}/0f1e2d3c-4b5a-6978-8a9b-0c1d2e3f4a5b`;
/** Nothing may be read or written for a refused request. */
const untouchable = new Proxy({}, { get: (_target, key) => () => Promise.reject(new Error(`touched ${String(key)}`)) }) as unknown as ObjectStore & EdgeServices;

test("a stack's App must be its own: the shell's stack the shell, a remote's stack that remote", () => {
  expect(foreignApp('marketing', stack('KeshoRemote-marketing'))).toBeNull();
  expect(foreignApp('shell', stack('KeshoShell'))).toBeNull();
  expect(foreignApp('commerce', stack('KeshoRemote-marketing'))).toBe('stack KeshoRemote-marketing may only publish its own app (marketing), not commerce');
  expect(foreignApp('marketing', stack('KeshoShell'))).toBe('stack KeshoShell may only publish its own app (shell), not marketing');
  expect(foreignApp('marketing', stack('KeshoRemote-marketing-extra'))).toMatch(/may only publish its own app \(marketing-extra\)/);
  expect(foreignApp('marketing', stack('SomethingElse'))).toBe('stack SomethingElse may only publish its own app, not marketing');
});

test("marketing's deploy cannot stage a preview or start a canary of commerce, nor answer for commerce's release: FAILED, nothing touched", async () => {
  for (const Mode of ['preview', 'canary'] as const) {
    const outcome = await deployEdge(untouchable, untouchable, {
      RequestType: 'Create',
      StackId: stack('KeshoRemote-marketing'),
      ResourceProperties: { App: 'commerce', Release: 'c1a2b3c4d5e6-0123456789ab', Mode, Hours: '4', Percent: '10' } as never,
    });
    expect(outcome).toMatchObject({ status: 'FAILED', reason: 'stack KeshoRemote-marketing may only publish its own app (marketing), not commerce' });
  }
  let published = 0;
  const outcome = await publishForDeploy(
    untouchable,
    { RequestType: 'Update', StackId: stack('KeshoRemote-marketing'), ResourceProperties: { App: 'commerce', Release: 'c1a2b3c4d5e6-0123456789ab' } },
    {},
    async () => {
      published += 1;
      throw new Error('published');
    },
  );
  expect(outcome).toMatchObject({ status: 'FAILED', reason: expect.stringContaining('may only publish its own app (marketing), not commerce') });
  expect(published).toBe(0);
});
