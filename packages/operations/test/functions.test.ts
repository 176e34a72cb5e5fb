import { API_ROUTES } from '../src/api-routes';
import { BACKEND_FUNCTIONS, DEPLOYED_FUNCTIONS, FUNCTIONS, specOf } from '../src/functions';
import { SAFE_DEPLOY_HANDLERS } from '../src/pre-traffic-probes';

describe('the function table', () => {
  it('names only its own functions where an entry points at another (invokes)', () => {
    const deployed = DEPLOYED_FUNCTIONS.map(([name]) => name as string);
    for (const [, spec] of DEPLOYED_FUNCTIONS) for (const callee of spec.invokes ?? []) expect(deployed).toContain(callee);
  });

  it('lets every function that may send a receipt send mail, when deployed', () => {
    for (const fn of BACKEND_FUNCTIONS) {
      const spec = specOf(fn);
      if (spec.sendsReceipts && spec.aws) expect({ fn, sendsMail: spec.aws.sendsMail }).toEqual({ fn, sendsMail: true });
    }
  });

  it('serves local-only pages exactly from the functions that are not deployed, and no API route from them', () => {
    for (const fn of BACKEND_FUNCTIONS) {
      const spec = specOf(fn);
      expect({ fn, localOnly: spec.localPagesUnder !== undefined }).toEqual({ fn, localOnly: spec.aws === undefined });
      if (!spec.aws) expect(spec.routes).toEqual([]);
    }
  });

  it('gives each path of the API one function, and derives the route table and the safe deploys from the entries', () => {
    const paths = API_ROUTES.map((route) => route.path);
    expect(new Set(paths).size).toBe(paths.length);
    expect(API_ROUTES.filter((route) => route.handler === 'subscriptions').map((route) => route.path)).toEqual(FUNCTIONS.subscriptions.routes.map((route) => route.path));
    expect([...SAFE_DEPLOY_HANDLERS].sort()).toEqual(
      DEPLOYED_FUNCTIONS.filter(([, spec]) => spec.safeDeploy)
        .map(([name]) => name)
        .sort(),
    );
  });

  it('keeps every safe deploy latency limit and schedule within what the function is given', () => {
    for (const [name, spec] of DEPLOYED_FUNCTIONS) {
      if (spec.safeDeploy) expect({ name, under: spec.safeDeploy.latencyP99Ms < spec.timeoutSeconds * 1000 }).toEqual({ name, under: true });
      if (spec.scheduleMinutes) expect({ name, under: spec.timeoutSeconds <= spec.scheduleMinutes * 60 }).toEqual({ name, under: true });
    }
  });
});
