/**
 * The whole app as `cdk synth` builds it: real Lambda bundles (local esbuild, no Docker), every stack,
 * and cdk-nag's AWS Solutions and Serverless checks registered as in bin/app.ts, which fail the synth on any finding
 * that is not acknowledged. One synth for the file.
 */
import fs from 'node:fs';
import path from 'node:path';
import { App, Stack, Validations } from 'aws-cdk-lib';
import { Annotations, Match } from 'aws-cdk-lib/assertions';
import type { CloudAssembly } from 'aws-cdk-lib/cx-api';
import type { IConstruct } from 'constructs';
import { PLACEHOLDER_ACCOUNT, readConfig } from '../lib/config';
import { addNagChecks, nagPacks } from '../lib/kesho-app';
import { INFRA_ROOT } from '../lib/paths';
import { buildTestApp, cdkJsonContext, type TestApp } from './support/test-app';

let testApp: TestApp;
let assembly: CloudAssembly;
let stacks: Stack[];

beforeAll(() => {
  testApp = buildTestApp({ bundle: true });
  addNagChecks(testApp.app);
  assembly = testApp.app.synth();
  stacks = testApp.app.node.children.filter((child): child is Stack => child instanceof Stack);
}, 120_000);

describe('the synthesized app', () => {
  test("has the alarms, payments, site, teams', shell and one stack per remote, all in the configured account and region", () => {
    expect(assembly.stacks.map((stack) => stack.stackName).sort()).toEqual([
      'KeshoAlarms',
      'KeshoEdge',
      'KeshoPayments',
      'KeshoRemote-commerce',
      'KeshoRemote-legal',
      'KeshoRemote-marketing',
      'KeshoShell',
      'KeshoSite',
      'KeshoTeams',
    ]);
    for (const stack of assembly.stacks) {
      // CloudFront's web ACL can only live in us-east-1.
      const region = stack.stackName === 'KeshoEdge' ? 'us-east-1' : 'eu-west-1';
      expect(stack.environment).toMatchObject({ account: PLACEHOLDER_ACCOUNT, region });
      expect(Object.keys(stack.template.Resources ?? {}).length).toBeGreaterThan(0);
    }
  });

  test('bundles every Lambda with local esbuild into one minified file with its source map, and the invoice beside it where receipts are sent', () => {
    const payments = assembly.getStackByName('KeshoPayments');
    type LambdaResource = { Type: string; Properties: { Code: { S3Key: string }; Description: string } };
    // The payment handlers; the origin-verify authorizer (a few lines) is checked in origin-verify.test.ts.
    const functions = Object.values(payments.template.Resources as Record<string, LambdaResource>).filter(
      (resource) => resource.Type === 'AWS::Lambda::Function' && resource.Properties.Description.startsWith('Kesho payments: '),
    );
    expect(functions).toHaveLength(11);
    // The functions that can make an order paid send its receipt, whose PDF (pdf-lib, fontkit, the fonts) loads on first use.
    const receiptSenders = ['checkout-session', 'fulfil-order', 'reconcile-orders', 'mpesa-payment', 'mpesa-callback'];
    for (const fn of functions) {
      const name = fn.Properties.Description.replace('Kesho payments: ', '');
      // A file asset "<hash>.zip" is staged in the assembly as the folder "asset.<hash>".
      const assetDir = path.join(assembly.directory, `asset.${fn.Properties.Code.S3Key.replace(/\.zip$/, '')}`);
      const files = fs.readdirSync(assetDir).sort();
      // DejaVu Sans (regular, bold) and the Noto Sans Ethiopic, Gujarati and Devanagari files (issue 40).
      const fonts = files.filter((file) => /^(?:DejaVuSans(-Bold)?-[A-Z0-9]+\.ttf|noto-sans-(ethiopic|gujarati|devanagari)-\2-400-normal-[A-Z0-9]+\.woff)$/.test(file));
      // Every function but client-events loads Powertools Tracer and the X-Ray SDK with its first traced invocation.
      const expected = [
        'index.js',
        'index.js.map',
        ...(receiptSenders.includes(name) ? ['invoicePdf.js', 'invoicePdf.js.map'] : []),
        ...(name === 'client-events' ? [] : ['xrayTracing.js', 'xrayTracing.js.map']),
      ].sort();
      expect({ name, files: files.filter((file) => !fonts.includes(file)), fonts: fonts.length }).toEqual({ name, files: expected, fonts: receiptSenders.includes(name) ? 5 : 0 });
      expect(fs.statSync(path.join(assetDir, 'index.js')).size).toBeGreaterThan(10_000);
    }
  });

  test('leaves no cdk-nag finding unacknowledged, error or warning, in any stack, of either pack (AWS Solutions, Serverless)', () => {
    const packs = nagPacks();
    expect(packs.map((pack) => pack.readPackName)).toEqual(['AwsSolutions', 'Serverless']);
    for (const pack of packs) {
      const report = pack.validateScope(testApp.app);
      const findings = report.violations.map(
        (violation) => `${violation.severity} ${violation.ruleName}: ${violation.violatingResources.map((resource) => resource.constructPath).join(', ')}`,
      );
      expect(findings).toEqual([]);
      expect(report.success).toBe(true);
    }
  });

  test('acknowledges each Serverless finding on its own construct, never on a stack or the app', () => {
    const acknowledgedAt: string[] = [];
    const visit = (construct: IConstruct) => {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const id of Object.keys(entry.data as Record<string, string>)) if (id.includes('Serverless-')) acknowledgedAt.push(`${construct.node.path} ${id}`);
      }
      for (const child of construct.node.children) visit(child);
    };
    visit(testApp.app);
    expect(acknowledgedAt.length).toBeGreaterThan(10);
    for (const entry of acknowledgedAt) expect(entry).toMatch(/^Kesho[\w-]+\/\S+ \S*Serverless-/);
  });

  test('acknowledges only findings cdk-nag raises: none is left over from a rule that no longer fires', () => {
    // cdk-nag asks isAcknowledged for each finding; record the ones an acknowledgement answered, of both packs.
    type Asks = { isAcknowledged(node: IConstruct, ruleId: string): boolean };
    const answered: { path: string; ruleId: string }[] = [];
    for (const checks of nagPacks()) {
      const asks = checks as unknown as Asks;
      const original = asks.isAcknowledged.bind(checks);
      asks.isAcknowledged = (node, ruleId) => {
        const acknowledged = original(node, ruleId);
        if (acknowledged) answered.push({ path: node.node.path, ruleId });
        return acknowledged;
      };
      checks.validateScope(testApp.app);
    }
    const unused: string[] = [];
    const visit = (construct: IConstruct) => {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const id of Object.keys(entry.data as Record<string, string>)) {
          const within = (path: string) => path === construct.node.path || path.startsWith(`${construct.node.path}/`);
          if (!answered.some((finding) => within(finding.path) && id.endsWith(finding.ruleId))) unused.push(`${construct.node.path}: ${id}`);
        }
      }
      for (const child of construct.node.children) visit(child);
    };
    visit(testApp.app);
    expect(answered.length).toBeGreaterThan(10);
    expect(unused).toEqual([]);
  }, 60_000);

  test('raises no CDK warning or error annotation in any stack', () => {
    expect(stacks).toHaveLength(9);
    for (const stack of stacks) {
      const annotations = Annotations.fromStack(stack);
      expect(annotations.findError('*', Match.anyValue())).toEqual([]);
      expect(annotations.findWarning('*', Match.anyValue())).toEqual([]);
      expect(annotations.findError('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
      expect(annotations.findWarning('*', Match.stringLikeRegexp('AwsSolutions-.*'))).toEqual([]);
    }
  }, 60_000);

  test('documents every acknowledged cdk-nag finding with its reason in infra/REFERENCE.md', () => {
    const readme = fs.readFileSync(path.join(INFRA_ROOT, 'REFERENCE.md'), 'utf8');
    const acknowledged = new Map<string, string>();
    const visit = (construct: { node: App['node'] }) => {
      for (const entry of construct.node.metadata) {
        if (entry.type !== Validations.ACKNOWLEDGED_RULES_METADATA_KEY) continue;
        for (const [id, reason] of Object.entries(entry.data as Record<string, string>)) acknowledged.set(reason, id);
      }
      for (const child of construct.node.children) visit(child);
    };
    visit(testApp.app);
    expect(acknowledged.size).toBeGreaterThan(10);
    for (const [reason, id] of acknowledged) {
      const rule = /AwsSolutions-[A-Z]+\d+|Serverless-[A-Za-z]+/.exec(id)?.[0] ?? id;
      expect({ rule, documented: readme.includes(rule) && readme.includes(reason) }).toEqual({ rule, documented: true });
    }
  });
});

describe('configuration from context', () => {
  const appWith = (context: Record<string, string>) => new App({ context: { ...cdkJsonContext(), ...context } });

  test('needs no AWS credentials: a placeholder account unless CDK_DEFAULT_ACCOUNT or -c account says otherwise', () => {
    expect(readConfig(appWith({}), {}).env).toEqual({ account: PLACEHOLDER_ACCOUNT, region: 'eu-west-1' });
    expect(readConfig(appWith({}), { CDK_DEFAULT_ACCOUNT: '222222222222' }).env.account).toBe('222222222222');
    expect(readConfig(appWith({ account: '333333333333', region: 'af-south-1' }), { CDK_DEFAULT_ACCOUNT: '222222222222' }).env).toEqual({
      account: '333333333333',
      region: 'af-south-1',
    });
  });

  test('resolves the build and handler folders from infra/, and names the bucket after account and region', () => {
    const config = readConfig(appWith({ siteDir: '../dist/site' }), {});
    expect(config.siteDir).toBe(path.resolve(INFRA_ROOT, '../dist/site'));
    expect(config.handlersDir).toBe(path.resolve(INFRA_ROOT, '../lambdas/src/handlers'));
    expect(config.siteBucketName).toBe(`kesho-site-${PLACEHOLDER_ACCOUNT}-eu-west-1`);
  });

  test('keeps cdk.json free of lookups and of anything that needs Docker or the network', () => {
    const cdkJson = JSON.parse(fs.readFileSync(path.join(INFRA_ROOT, 'cdk.json'), 'utf8')) as { app: string; context: Record<string, unknown> };
    expect(cdkJson.app).toBe('npx tsx bin/app.ts');
    expect(Object.keys(cdkJson.context).filter((key) => /:(?:lookup|.*-provider)/.test(key) || key.includes('availability-zones'))).toEqual([]);
  });

  test('refuses a custom domain without its hosted zone', () => {
    expect(() => readConfig(appWith({ domainName: 'keshoglobal.co.ke' }), {})).toThrow('Set both -c domainName');
  });
});
