import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Template } from 'aws-cdk-lib/assertions';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/common/security-headers';
import { STACK_NAMES } from '../lib/kesho-app';
import { readRemoteBuild, readShellBuild, stageRemoteRelease } from '../lib/site-build';
import { buildTestApp, FIXTURE_SITE_DIR, type TestApp } from './support/test-app';

interface Upload {
  logicalId: string;
  prefix: string | undefined;
  cacheControl: string;
  contentType: string | undefined;
  dependsOn: string[];
  properties: Record<string, unknown>;
}

interface BucketDeploymentProperties extends Record<string, unknown> {
  DestinationBucketKeyPrefix?: string;
  SystemMetadata: { 'cache-control': string; 'content-type'?: string };
}

function uploadsOf(template: Template): Upload[] {
  return Object.entries(template.findResources('Custom::CDKBucketDeployment')).map(([logicalId, resource]) => {
    const { Properties, DependsOn } = resource as { Properties: BucketDeploymentProperties; DependsOn?: string[] };
    return {
      logicalId,
      prefix: Properties.DestinationBucketKeyPrefix,
      cacheControl: Properties.SystemMetadata['cache-control'],
      contentType: Properties.SystemMetadata['content-type'],
      dependsOn: DependsOn ?? [],
      properties: Properties,
    };
  });
}

let testApp: TestApp;
const templateOf = (stackName: string): Template => {
  const stack = [testApp.stacks.shell, ...testApp.stacks.remotes].find((candidate) => candidate?.stackName === stackName);
  if (!stack) throw new Error(`no stack ${stackName}`);
  return Template.fromStack(stack);
};

beforeAll(() => {
  testApp = buildTestApp();
});

describe('deploy stacks', () => {
  test('there is one shell stack and one stack per remote of the build', () => {
    expect(testApp.stacks.shell?.stackName).toBe('KeshoShell');
    expect(testApp.stacks.remotes.map((stack) => stack.stackName)).toEqual([
      'KeshoRemote-marketing',
      'KeshoRemote-commerce',
      'KeshoRemote-legal',
    ]);
  });

  test('every upload goes to the site bucket by name, never prunes and keeps files when a stack is deleted', () => {
    for (const stack of [testApp.stacks.shell, ...testApp.stacks.remotes]) {
      if (!stack) throw new Error('shell stack missing');
      for (const upload of uploadsOf(Template.fromStack(stack))) {
        expect(upload.properties).toMatchObject({
          DestinationBucketName: testApp.config.siteBucketName,
          Prune: false,
          RetainOnDelete: true,
          OutputObjectKeys: false,
        });
      }
      // Ordering only: a deploy stack waits for the site stack but imports nothing from it.
      expect(stack.dependencies.map((dependency) => dependency.stackName)).toEqual([STACK_NAMES.site]);
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toMatch(/Fn::ImportValue|Fn::GetStackOutput/);
    }
  });

  test('the marketing stack uploads its immutable build, then its release snapshot, and only then its pointer', () => {
    const uploads = uploadsOf(templateOf('KeshoRemote-marketing'));
    const byPrefix = Object.fromEntries(uploads.map((upload) => [upload.prefix, upload]));
    expect(Object.keys(byPrefix).sort()).toEqual(['mfe/marketing/m1a2b3c4/', 'mfe/pointers/', 'releases/marketing/m1a2b3c4/']);
    expect(byPrefix['mfe/marketing/m1a2b3c4/']?.cacheControl).toBe(CACHE_IMMUTABLE);
    expect(byPrefix['releases/marketing/m1a2b3c4/']?.cacheControl).toBe(CACHE_IMMUTABLE);
    const pointer = byPrefix['mfe/pointers/'];
    expect(pointer).toMatchObject({ cacheControl: CACHE_NO_CACHE, contentType: 'application/json' });
    expect(pointer?.dependsOn).toEqual(
      expect.arrayContaining([byPrefix['mfe/marketing/m1a2b3c4/']?.logicalId, byPrefix['releases/marketing/m1a2b3c4/']?.logicalId]),
    );
  });

  test("a remote stack writes only keys that carry its own name", () => {
    for (const stack of testApp.stacks.remotes) {
      const name = stack.stackName.replace('KeshoRemote-', '');
      const prefixes = uploadsOf(Template.fromStack(stack)).map((upload) => upload.prefix);
      expect(prefixes).toEqual(expect.arrayContaining([`mfe/${name}/${stack.buildId}/`, `releases/${name}/${stack.buildId}/`, 'mfe/pointers/']));
      expect(prefixes).toHaveLength(3);
    }
  });

  test("the shell stack uploads its immutable build folders and the no-cache root files, and no remote's files", () => {
    const uploads = uploadsOf(templateOf('KeshoShell'));
    expect(uploads.map((upload) => [upload.prefix ?? '(bucket root)', upload.cacheControl])).toEqual(
      expect.arrayContaining([
        ['shell/', CACHE_IMMUTABLE],
        ['(bucket root)', CACHE_NO_CACHE],
      ]),
    );
    expect(uploads).toHaveLength(2);
  });

  test('uploads no source map, even one left in the site build', () => {
    for (const stackName of [STACK_NAMES.shell, STACK_NAMES.remote('commerce')]) templateOf(stackName);
    const outdir = testApp.app.outdir;
    const staged = fs.readdirSync(outdir, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile()).map((entry) => path.relative(outdir, path.join(entry.parentPath, entry.name)));
    // The fixture build holds shell/s1a2b3c4/main.js.map and mfe/commerce/c1a2b3c4/remoteEntry.js.map.
    expect(staged.filter((file) => file.endsWith('/main.js') || file.endsWith('/remoteEntry.js')).length).toBeGreaterThanOrEqual(2);
    expect(staged.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  test("the release snapshot holds the remote's pages and its pointer entry exactly as the build wrote it", () => {
    const build = readRemoteBuild(FIXTURE_SITE_DIR, 'marketing');
    const staged = stageRemoteRelease(build);
    const files = fs.readdirSync(staged, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => path.relative(staged, path.join(entry.parentPath, entry.name))).sort()).toEqual([
      'pages/faq.html',
      'pages/index.html',
      'pages/services/visa.html',
      'pointer.json',
    ]);
    const document = JSON.parse(fs.readFileSync(path.join(FIXTURE_SITE_DIR, 'mfe/remotes.json'), 'utf8')) as { remotes: unknown[] };
    expect(JSON.parse(fs.readFileSync(path.join(staged, 'pointer.json'), 'utf8'))).toEqual(document.remotes[0]);
    expect(fs.readFileSync(path.join(staged, 'pages/faq.html'), 'utf8')).toBe(fs.readFileSync(path.join(FIXTURE_SITE_DIR, 'pages/faq.html'), 'utf8'));
    expect(stageRemoteRelease(build)).toBe(staged);
  });

  test('the shell deploys every root file and the not-found page, but not the pointer document', () => {
    const keys = readShellBuild(FIXTURE_SITE_DIR).sharedFiles.map((file) => file.key).sort();
    expect(keys).toEqual(['favicon.svg', 'llms.txt', 'pages/404.html', 'robots.txt', 'sitemap.xml']);
  });
});

describe('reading the site build', () => {
  let brokenSite: string;
  beforeEach(() => {
    brokenSite = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-site-'));
    fs.cpSync(FIXTURE_SITE_DIR, brokenSite, { recursive: true });
  });
  afterEach(() => fs.rmSync(brokenSite, { recursive: true, force: true }));

  test('fails the synth when a route of a remote has no page', () => {
    fs.rmSync(path.join(brokenSite, 'pages/services/visa.html'));
    expect(() => readRemoteBuild(brokenSite, 'marketing')).toThrow('The site build has no page pages/services/visa.html of the marketing remote');
  });

  test("fails the synth when the pointer names a build the folder doesn't hold", () => {
    fs.rmSync(path.join(brokenSite, 'mfe/legal/l1a2b3c4'), { recursive: true });
    expect(() => readRemoteBuild(brokenSite, 'legal')).toThrow('The site build has no build l1a2b3c4 of the legal remote');
  });

  test('fails the synth when the shell has no not-found page', () => {
    fs.rmSync(path.join(brokenSite, 'pages/404.html'));
    expect(() => readShellBuild(brokenSite)).toThrow('The site build has no not-found page');
  });

  test('leaves the shell and remote stacks out, and says so, when there is no site build yet', () => {
    const { app, stacks } = buildTestApp({ context: { siteDir: path.join(brokenSite, 'missing') } });
    expect(stacks.shell).toBeUndefined();
    expect(stacks.remotes).toEqual([]);
    expect(app.node.metadata.map((entry) => entry.data)).toEqual([
      expect.stringContaining('No -c distributionId'),
      expect.stringContaining('No site build at'),
    ]);
    Template.fromStack(stacks.site).resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});
