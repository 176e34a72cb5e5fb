/**
 * What each deployed handler's bundle holds, read from esbuild's metafile of the very build
 * lambdas/build.mjs and the CDK app make (bundling.json's options, one handler per bundle): a heavy
 * module appears only in the handlers that use it. Sizes and load times are measured by `npm run bench`.
 */
import { readdirSync } from 'node:fs';
import path from 'node:path';
import { build, type BuildOptions, type Metafile } from 'esbuild';
import { BACKEND_FUNCTIONS, secretsOf, specOf, type BackendFunction } from '@kesho/operations/functions';
import bundlingJson from '../bundling.json';

/** bundling.json as esbuild reads it (the JSON import widens its string literals). */
const handlerBundling = bundlingJson as BuildOptions & { external: string[] };

const HANDLERS_DIR = path.join(__dirname, '../src/handlers');
/** Every function of @kesho/operations/functions, as lambdas/build.mjs builds them (the sandboxes' too). */
const handlers = BACKEND_FUNCTIONS;
const functionsWhere = (has: (fn: BackendFunction) => boolean): readonly BackendFunction[] => handlers.filter(has);

/** The functions that may send a receipt (they can make an order paid) or any other mail (their entries' sendsReceipts, aws.sendsMail). */
const RECEIPT_SENDERS = functionsWhere((fn) => specOf(fn).sendsReceipts);
const MAIL_SENDERS = functionsWhere((fn) => specOf(fn).sendsReceipts || specOf(fn).aws?.sendsMail === true);
/** The functions that open, read or verify card payments: whoever reads a Stripe secret, and the sandbox that stands in for Stripe. */
const CARD_PAYMENTS = functionsWhere((fn) => secretsOf(fn).some((secret) => secret.startsWith('stripe')) || fn === 'sandbox-checkout');
/** The functions that invoke another (the Lambda client), by their entries' aws.invokes. */
const INVOKERS = functionsWhere((fn) => (specOf(fn).aws?.invokes ?? []).length > 0);
/** Secrets are read from Secrets Manager by the functions that read one, and by the two local-only sandboxes, which share those functions' parts. */
const SECRET_READERS = functionsWhere((fn) => secretsOf(fn).length > 0 || specOf(fn).localPagesUnder !== undefined);

/** Each heavy module, and the only handlers whose bundle may hold it. */
const MAY_HOLD: Readonly<Record<string, readonly BackendFunction[]>> = {
  // The invoice is its own file, loaded with the first receipt (lazy-modules.mjs): never inside a bundle.
  'pdf-lib': [],
  '@pdf-lib/fontkit': [],
  'dejavu-fonts-ttf': [],
  '@fontsource/noto-sans-ethiopic': [],
  '@fontsource/noto-sans-gujarati': [],
  '@fontsource/noto-sans-devanagari': [],
  'regenerator-runtime': [],
  stripe: CARD_PAYMENTS,
  // SES builds the messages (mail/sesTransport.ts); the MIME composer is the local mailbox's.
  nodemailer: [],
  '@aws-sdk/client-sesv2': MAIL_SENDERS,
  '@aws-sdk/client-lambda': INVOKERS,
  '@aws-sdk/client-sqs': ['reconcile-orders'],
  '@aws-sdk/client-secrets-manager': SECRET_READERS,
  // Powertools Parameters (the Secrets Manager reads, clients/secrets.ts): only where a secret is read.
  '@aws-lambda-powertools/parameters': SECRET_READERS,
  // Powertools Tracer and the X-Ray SDK are their own file (./xrayTracing.js), loaded by the first traced invocation.
  '@aws-lambda-powertools/tracer': [],
  'aws-xray-sdk-core': [],
  // client-events too since issue 40: the canary verdict's count by client (clientEvents/clients.ts).
  '@aws-sdk/client-dynamodb': handlers,
  // The SDK's default credential chain and the STS/SSO clients it brings: bundling.json's alias puts the
  // environment's credentials (clients/lambdaCredentials.ts) in its place.
  '@aws-sdk/credential-provider-node': [],
  '@aws-sdk/credential-provider-ini': [],
  '@aws-sdk/nested-clients': [],
  // The confusables table of the order rules: only the functions that take an order.
  unhomoglyph: ['create-payment', 'mpesa-payment'],
  // Local-only: the embedded DynamoDB and the mailbox reader.
  dynalite: [],
  mailparser: [],
};

/** The npm packages (and local folders) a bundle holds code of. */
function heldModules(output: Metafile['outputs'][string]): Set<string> {
  const held = new Set<string>();
  for (const [input, { bytesInOutput }] of Object.entries(output.inputs)) {
    if (bytesInOutput === 0) continue;
    const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(input)?.[1];
    held.add(pkg ?? input);
  }
  return held;
}

const bundles = new Map<BackendFunction, { held: Set<string>; lazyImports: string[] }>();
/** The files a deployed handler loads on first use (lazy-modules.mjs), by the name a handler imports them. */
const LAZY_ENTRIES = { invoicePdf: path.join(__dirname, '../src/receipts/invoicePdf.ts'), xrayTracing: path.join(__dirname, '../src/clients/xrayTracing.ts') };
const lazyFiles = new Map<string, Set<string>>();

beforeAll(async () => {
  // One esbuild run for every handler: without code splitting each entry is still its own whole bundle
  // (as in lambdas/build.mjs and the CDK app), and the modules they share are parsed once.
  const { metafile } = await build({
    ...handlerBundling,
    bundle: true,
    entryPoints: { ...Object.fromEntries(handlers.map((fn) => [fn, path.join(HANDLERS_DIR, `${fn}.ts`)])), ...LAZY_ENTRIES },
    outdir: '/bundles',
    // bundling.json's paths (its aliases) are relative to lambdas/.
    absWorkingDir: path.join(__dirname, '..'),
    write: false,
    metafile: true,
    logLevel: 'silent',
  });
  for (const fn of handlers) {
    const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint?.endsWith(`src/handlers/${fn}.ts`));
    if (!output) throw new Error(`esbuild gave no bundle for ${fn}`);
    bundles.set(fn, { held: heldModules(output), lazyImports: output.imports.filter((entry) => entry.external && handlerBundling.external.includes(entry.path)).map((entry) => entry.path) });
  }
  for (const [name, entry] of Object.entries(LAZY_ENTRIES)) {
    const output = Object.values(metafile.outputs).find((candidate) => candidate.entryPoint?.endsWith(path.relative(path.join(__dirname, '..'), entry)));
    if (!output) throw new Error(`esbuild gave no bundle for ${name}`);
    lazyFiles.set(name, heldModules(output));
  }
}, 120_000);

describe('each handler bundle holds only what its function uses', () => {
  it('builds exactly the functions of @kesho/operations/functions, each from its own handler file', () => {
    expect(readdirSync(HANDLERS_DIR).sort()).toEqual(handlers.map((fn) => `${fn}.ts`).sort());
  });

  it.each(handlers)('%s holds no heavy module on its deny list', (fn) => {
    const held = bundles.get(fn)?.held ?? new Set();
    const denied = Object.entries(MAY_HOLD)
      .filter(([module, allowed]) => !allowed.includes(fn) && held.has(module))
      .map(([module]) => module);
    expect(denied).toEqual([]);
    expect([...held].filter((input) => input.includes('src/local/'))).toEqual([]);
  });

  it.each(handlers)('%s loads the invoice PDF as its own file only if it may send a receipt, and the X-Ray tracer as its own file unless it calls neither AWS nor a provider', (fn) => {
    const expected = [...(RECEIPT_SENDERS.includes(fn) ? ['./invoicePdf.js'] : []), ...(fn === 'client-events' ? [] : ['./xrayTracing.js'])];
    expect(bundles.get(fn)?.lazyImports.slice().sort()).toEqual(expected.sort());
  });

  it('finds what the handlers do use (the deny lists read real package names)', () => {
    for (const [fn, module] of [
      ['create-payment', 'stripe'],
      ['create-payment', '@aws-sdk/client-dynamodb'],
      ['create-payment', 'unhomoglyph'],
      ['enquiries', '@aws-sdk/client-sesv2'],
      ['enquiries', '@aws-sdk/credential-provider-env'],
      ['stripe-webhook', '@aws-sdk/client-lambda'],
      ['reconcile-orders', '@aws-sdk/client-sqs'],
      ['subscriptions', '@aws-sdk/client-secrets-manager'],
      ['subscriptions', '@aws-lambda-powertools/parameters'],
      ['client-events', '@aws-lambda-powertools/logger'],
      ['client-events', '@aws-sdk/client-dynamodb'],
    ] as const) {
      expect({ fn, module, held: bundles.get(fn)?.held.has(module) }).toEqual({ fn, module, held: true });
    }
    // What the handlers load on first use: the invoice and the X-Ray tracer (whose packages no bundle may hold).
    for (const [file, module] of [
      ['invoicePdf', 'pdf-lib'],
      ['invoicePdf', '@pdf-lib/fontkit'],
      ['invoicePdf', '@fontsource/noto-sans-devanagari'],
      ['invoicePdf', 'regenerator-runtime'],
      ['xrayTracing', '@aws-lambda-powertools/tracer'],
      ['xrayTracing', 'aws-xray-sdk-core'],
    ] as const) {
      expect({ file, module, held: lazyFiles.get(file)?.has(module) }).toEqual({ file, module, held: true });
    }
  });
});
