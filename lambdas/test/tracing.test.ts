/**
 * Powertools Tracer and the X-Ray SDK are loaded only for an invocation that is traced (inside Lambda
 * with tracing on): locally and in the tests nothing loads them, patches http or looks for a daemon.
 */
describe('tracing', () => {
  it('loads the X-Ray tracer with the first traced invocation only, and captures clients from then on', async () => {
    const loaded: string[] = [];
    await jest.isolateModulesAsync(async () => {
      jest.doMock('../src/clients/xrayTracing', () => {
        loaded.push('xrayTracing');
        return {
          xrayTracing: {
            traced: (client: object) => ({ ...client, traced: true }),
            run: async (fn: string, work: () => Promise<unknown>) => ({ fn, result: await work() }),
            annotateOrder: () => undefined,
          },
        };
      });
      const { tracing, traced } = await import('../src/clients/tracing');
      expect(traced({ name: 'dynamo' })).toEqual({ name: 'dynamo' });
      await expect(tracing.run('create-payment', async () => 'answered', false)).resolves.toBe('answered');
      expect(loaded).toEqual([]);
      await expect(tracing.run('create-payment', async () => 'answered', true)).resolves.toEqual({ fn: 'create-payment', result: 'answered' });
      expect(traced({ name: 'dynamo' })).toEqual({ name: 'dynamo', traced: true });
      await tracing.run('create-payment', async () => 'again', true);
      expect(loaded).toEqual(['xrayTracing']);
    });
    jest.dontMock('../src/clients/xrayTracing');
  });

  it('Powertools turns the real Tracer off outside Lambda: the invocation runs untouched, clients unchanged', async () => {
    const { xrayTracing } = await import('../src/clients/xrayTracing');
    const client = { send: () => 'sent' };
    expect(xrayTracing.traced(client)).toBe(client);
    await expect(xrayTracing.run('create-payment', async () => 'answered')).resolves.toBe('answered');
  });
});
