import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { Match, Template } from 'aws-cdk-lib/assertions';
import { CACHE_IMMUTABLE, CACHE_NO_CACHE } from '@kesho/release-model/security-headers';
import { STACK_NAMES } from '../lib/stack-names';
import { RELEASE_PUBLICATION_RESOURCE_TYPE } from '../lib/release-publisher';
import { readRemoteBuild, readShellBuild, shellSnapshotFiles, stageRelease } from '../lib/site-build';
import { buildTestApp, FIXTURE_SITE_DIR, type TestApp } from './support/test-app';

interface Upload {
  logicalId: string;
  prefix: string | undefined;
  cacheControl: string;
  contentType: string | undefined;
  dependsOn: string[];
  properties: Record<string, unknown>;
}

interface Statement {
  Action: string | string[];
  Effect: string;
  Resource: unknown;
  Condition?: { StringLike?: Record<string, string[]> };
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
    expect(testApp.stacks.remotes.map((stack) => stack.stackName)).toEqual(['KeshoRemote-marketing', 'KeshoRemote-commerce', 'KeshoRemote-legal']);
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
      // Ordering only: a deploy stack waits for the site stack and its team's roles but imports nothing from them.
      expect(stack.dependencies.map((dependency) => dependency.stackName).sort()).toEqual([STACK_NAMES.site, STACK_NAMES.teams]);
      expect(JSON.stringify(Template.fromStack(stack).toJSON())).not.toMatch(/Fn::ImportValue|Fn::GetStackOutput/);
    }
  });

  test('the marketing stack uploads its immutable build, then its release snapshot, then its current-release record, and then publishes', () => {
    const stack = testApp.stacks.remotes.find((candidate) => candidate.stackName === 'KeshoRemote-marketing');
    const template = templateOf('KeshoRemote-marketing');
    const uploads = uploadsOf(template);
    const byPrefix = Object.fromEntries(uploads.map((upload) => [upload.prefix, upload]));
    const snapshotPrefix = `releases/marketing/${stack?.release}/`;
    expect(stack?.release).toMatch(/^m1a2b3c4-[0-9a-f]{12}$/);
    expect(Object.keys(byPrefix).sort()).toEqual(['mfe/marketing/m1a2b3c4/', 'mfe/pointers/', snapshotPrefix]);
    expect(byPrefix['mfe/marketing/m1a2b3c4/']?.cacheControl).toBe(CACHE_IMMUTABLE);
    expect(byPrefix[snapshotPrefix]?.cacheControl).toBe(CACHE_IMMUTABLE);
    const record = byPrefix['mfe/pointers/'];
    expect(record).toMatchObject({ cacheControl: CACHE_NO_CACHE, contentType: 'application/json' });
    expect(record?.dependsOn).toEqual(expect.arrayContaining([byPrefix['mfe/marketing/m1a2b3c4/']?.logicalId, byPrefix[snapshotPrefix]?.logicalId]));

    const publications = Object.values(template.findResources(RELEASE_PUBLICATION_RESOURCE_TYPE)) as { Properties: unknown; DependsOn: string[] }[];
    expect(publications).toHaveLength(1);
    expect(publications[0]?.Properties).toEqual({
      ServiceToken: `arn:aws:lambda:eu-west-1:${testApp.config.env.account}:function:kesho-release-publisher`,
      App: 'marketing',
      Release: stack?.release,
    });
    expect(publications[0]?.DependsOn).toContain(record?.logicalId);
  });

  test('a redeploy of the same build with other pages is another release, so the record and the publication change', () => {
    const pagesChanged = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-site-'));
    try {
      fs.cpSync(FIXTURE_SITE_DIR, pagesChanged, { recursive: true });
      const before = readRemoteBuild(FIXTURE_SITE_DIR, 'marketing').record;
      fs.appendFileSync(path.join(pagesChanged, 'pages/faq.html'), '<!-- rendered again -->');
      const after = readRemoteBuild(pagesChanged, 'marketing').record;
      expect(after.pointer.buildId).toBe(before.pointer.buildId);
      expect(after.release).not.toBe(before.release);
      expect(readRemoteBuild(FIXTURE_SITE_DIR, 'marketing').record.release).toBe(before.release);
    } finally {
      fs.rmSync(pagesChanged, { recursive: true, force: true });
    }
  });

  test('a remote stack writes only keys that carry its own name', () => {
    for (const stack of testApp.stacks.remotes) {
      const name = stack.stackName.replace('KeshoRemote-', '');
      const prefixes = uploadsOf(Template.fromStack(stack)).map((upload) => upload.prefix);
      expect(prefixes).toEqual(expect.arrayContaining([`mfe/${name}/${stack.buildId}/`, `releases/${name}/${stack.release}/`, 'mfe/pointers/']));
      expect(prefixes).toHaveLength(3);
    }
  });

  test("each remote's upload role may write only its own prefixes and record, read only its own assets, and list only where it uploads", () => {
    for (const stack of testApp.stacks.remotes) {
      const name = stack.stackName.replace('KeshoRemote-', '');
      const template = Template.fromStack(stack);
      const bucketArn = `arn:aws:s3:::${testApp.config.siteBucketName}`;
      const policies = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { PolicyName: Match.stringLikeRegexp('^UploadsPolicy') } })) as {
        Properties: { PolicyDocument: { Statement: Statement[] }; Roles: unknown[] };
      }[];
      expect(policies).toHaveLength(1);
      const statements = policies[0]?.Properties.PolicyDocument.Statement ?? [];
      expect(statements.filter((statement) => statement.Effect !== 'Allow')).toEqual([]);
      const writes = statements.filter((statement) => [statement.Action].flat().some((action) => action === 's3:PutObject'));
      expect(writes).toEqual([
        {
          Action: ['s3:AbortMultipartUpload', 's3:PutObject'],
          Effect: 'Allow',
          Resource: [`${bucketArn}/mfe/canary/${name}.json`, `${bucketArn}/mfe/${name}/*`, `${bucketArn}/mfe/pointers/${name}.json`, `${bucketArn}/releases/${name}/*`],
        },
      ]);
      const actions = new Set(statements.flatMap((statement) => [statement.Action].flat()));
      expect([...actions].sort()).toEqual(['logs:CreateLogStream', 'logs:PutLogEvents', 's3:AbortMultipartUpload', 's3:GetObject', 's3:ListBucket', 's3:PutObject']);
      for (const statement of statements.filter((candidate) => candidate.Action === 's3:GetObject')) {
        // Its own assets, under the team's own prefix of the asset bucket (lib/team-deploy.ts).
        for (const resource of [statement.Resource].flat()) expect(resource).toMatch(new RegExp(`^arn:aws:s3:::cdk-hnb659fds-assets-111111111111-eu-west-1/${name}/[0-9a-f]{64}\\.zip$`));
      }
      for (const statement of statements.filter((candidate) => candidate.Action === 's3:ListBucket')) {
        const prefixes: string[] = statement.Condition?.StringLike?.['s3:prefix'] ?? [];
        expect(prefixes.length).toBeGreaterThan(0);
        for (const prefix of prefixes) expect(prefix).toMatch(new RegExp(`^(mfe/${name}/|releases/${name}/|mfe/pointers/)`));
      }
      // The upload function runs with that role, and the role has no other policy.
      const [roleId] = Object.keys(
        template.findResources('AWS::IAM::Role', { Properties: { AssumeRolePolicyDocument: { Statement: [Match.objectLike({ Principal: { Service: 'lambda.amazonaws.com' } })] } } }),
      );
      template.hasResourceProperties('AWS::IAM::Role', { ManagedPolicyArns: Match.absent() });
      template.hasResourceProperties('AWS::Lambda::Function', { Role: { 'Fn::GetAtt': [roleId, 'Arn'] } });
      template.resourceCountIs('AWS::IAM::Role', 2);
    }
  });

  test("each remote's canary role may write and read its own app's canary command and nothing else: a team starts, promotes or aborts only its own canary", () => {
    for (const stack of testApp.stacks.remotes) {
      const name = stack.stackName.replace('KeshoRemote-', '');
      const template = Template.fromStack(stack);
      const [policy] = Object.values(template.findResources('AWS::IAM::Policy', { Properties: { PolicyName: Match.stringLikeRegexp('^CanaryRole') } })) as {
        Properties: { PolicyDocument: { Statement: Statement[] } };
      }[];
      expect(policy?.Properties.PolicyDocument.Statement).toEqual([
        { Action: ['s3:GetObject', 's3:PutObject'], Effect: 'Allow', Resource: `arn:aws:s3:::${testApp.config.siteBucketName}/mfe/canary/${name}.json` },
      ]);
      template.hasOutput('CanaryRoleArn', {});
    }
  });

  test("the shell stack uploads its immutable build folders and its release, and no remote's files, live page or root file", () => {
    const shell = testApp.stacks.shell;
    const template = templateOf('KeshoShell');
    const uploads = uploadsOf(template);
    expect(uploads.map((upload) => [upload.prefix ?? '(bucket root)', upload.cacheControl]).sort()).toEqual([
      ['mfe/pointers/', CACHE_NO_CACHE],
      [`releases/shell/${shell?.release}/`, CACHE_IMMUTABLE],
      ['shell/', CACHE_IMMUTABLE],
    ]);
    expect(shell?.release).toMatch(/^s1a2b3c4-[0-9a-f]{12}$/);
    template.hasResourceProperties(RELEASE_PUBLICATION_RESOURCE_TYPE, { App: 'shell', Release: shell?.release });
    const [policy] = Object.values(template.findResources('AWS::IAM::Policy')) as { Properties: { PolicyDocument: { Statement: Statement[] } } }[];
    const writes = policy?.Properties.PolicyDocument.Statement.find((statement) => [statement.Action].flat().includes('s3:PutObject'));
    const bucketArn = `arn:aws:s3:::${testApp.config.siteBucketName}`;
    expect(writes?.Resource).toEqual(['mfe/pointers/shell.json', 'releases/shell/*', 'shell/*'].map((key) => `${bucketArn}/${key}`));
  });

  test('the shell release holds the page of every route, rendered with the shell build it releases', () => {
    const build = readShellBuild(FIXTURE_SITE_DIR);
    expect(build.record.shellBuildId).toBe('s1a2b3c4');
    expect(build.pages.map((page) => page.key).sort()).toEqual(['pages/faq.html', 'pages/index.html', 'pages/quote.html', 'pages/services/visa.html', 'pages/terms.html']);
    expect(build.record.renderedWith.remotes.map((remote) => `${remote.name}@${remote.buildId}`)).toEqual(['marketing@m1a2b3c4', 'commerce@c1a2b3c4', 'legal@l1a2b3c4']);
  });

  test('uploads no source map, even one left in the site build', () => {
    for (const stackName of [STACK_NAMES.shell, STACK_NAMES.remote('commerce')]) templateOf(stackName);
    const outdir = testApp.app.outdir;
    const staged = fs
      .readdirSync(outdir, { recursive: true, withFileTypes: true })
      .filter((entry) => entry.isFile())
      .map((entry) => path.relative(outdir, path.join(entry.parentPath, entry.name)));
    // The fixture build holds shell/s1a2b3c4/main.js.map and mfe/commerce/c1a2b3c4/remoteEntry.js.map.
    expect(staged.filter((file) => file.endsWith('/main.js') || file.endsWith('/remoteEntry.js')).length).toBeGreaterThanOrEqual(2);
    expect(staged.filter((file) => file.endsWith('.map'))).toEqual([]);
  });

  test("the release snapshot holds the remote's pages and its record, with its pointer entry as the schema reads it", () => {
    const build = readRemoteBuild(FIXTURE_SITE_DIR, 'marketing');
    const staged = stageRelease(build);
    const files = fs.readdirSync(staged, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    expect(files.map((entry) => path.relative(staged, path.join(entry.parentPath, entry.name))).sort()).toEqual([
      'pages/faq.html',
      'pages/index.html',
      'pages/services/visa.html',
      'release.json',
    ]);
    const document = JSON.parse(fs.readFileSync(path.join(FIXTURE_SITE_DIR, 'mfe/remotes.json'), 'utf8')) as { remotes: { routes: object[] }[] };
    const listedByDefault = { ...document.remotes[0], routes: document.remotes[0]?.routes.map((route) => ({ ...route, listed: true })) };
    expect(JSON.parse(fs.readFileSync(path.join(staged, 'release.json'), 'utf8'))).toEqual({
      app: 'marketing',
      release: build.record.release,
      shellBuildId: 's1a2b3c4',
      pointer: listedByDefault,
    });
    expect(fs.readFileSync(path.join(staged, 'pages/faq.html'), 'utf8')).toBe(fs.readFileSync(path.join(FIXTURE_SITE_DIR, 'pages/faq.html'), 'utf8'));
    expect(stageRelease(build)).toBe(staged);
  });

  test("the shell release carries its root files and the not-found page in its snapshot (shared/), named in its record and in its name's hash; the discovery files stay behind", () => {
    const build = readShellBuild(FIXTURE_SITE_DIR);
    const keys = build.sharedFiles.map((file) => file.key).sort();
    // The build has sitemap.xml, robots.txt and llms.txt too: the publisher makes them from the document it writes.
    for (const key of ['sitemap.xml', 'robots.txt', 'llms.txt']) expect(fs.existsSync(path.join(FIXTURE_SITE_DIR, key))).toBe(true);
    expect(keys).toEqual(['favicon.svg', 'pages/404.html']);
    expect([...(build.record.sharedFiles ?? [])].sort()).toEqual(keys);
    const staged = stageRelease({ pages: shellSnapshotFiles(build), record: build.record });
    const files = fs.readdirSync(staged, { recursive: true, withFileTypes: true }).filter((entry) => entry.isFile());
    const stagedKeys = files.map((entry) => path.relative(staged, path.join(entry.parentPath, entry.name)));
    for (const key of keys) expect(fs.readFileSync(path.join(staged, 'shared', key), 'utf8')).toBe(fs.readFileSync(path.join(FIXTURE_SITE_DIR, key), 'utf8'));
    expect(stagedKeys).not.toContain('favicon.svg');
    expect(stagedKeys.filter((key) => /(?:sitemap\.xml|robots\.txt|llms\.txt)$/.test(key))).toEqual([]);
    // Another favicon is another release; another sitemap is not a shell release at all.
    const changed = fs.mkdtempSync(path.join(os.tmpdir(), 'kesho-shell-root-'));
    fs.cpSync(FIXTURE_SITE_DIR, changed, { recursive: true });
    fs.appendFileSync(path.join(changed, 'sitemap.xml'), '<!-- another route -->\n');
    expect(readShellBuild(changed).record.release).toBe(build.record.release);
    fs.appendFileSync(path.join(changed, 'favicon.svg'), '<!-- another icon -->\n');
    expect(readShellBuild(changed).record.release).not.toBe(build.record.release);
    fs.rmSync(changed, { recursive: true, force: true });
  });
});

describe("a team's canary and preview deploys", () => {
  test('-c canary=<percent> uploads the build and the snapshot, then the canary command instead of the current record, and publishes as a canary', () => {
    const { stacks } = buildTestApp({ context: { only: 'marketing', canary: '10' } });
    const stack = stacks.remotes[0];
    const template = Template.fromStack(stack as NonNullable<typeof stack>);
    const uploads = uploadsOf(template);
    const byPrefix = Object.fromEntries(uploads.map((upload) => [upload.prefix, upload]));
    expect(Object.keys(byPrefix).sort()).toEqual(['mfe/canary/', 'mfe/marketing/m1a2b3c4/', `releases/marketing/${stack?.release}/`]);
    const command = byPrefix['mfe/canary/'];
    expect(command).toMatchObject({ cacheControl: CACHE_NO_CACHE, contentType: 'application/json' });
    expect(command?.dependsOn).toEqual(expect.arrayContaining([byPrefix['mfe/marketing/m1a2b3c4/']?.logicalId, byPrefix[`releases/marketing/${stack?.release}/`]?.logicalId]));
    const [publication] = Object.values(template.findResources(RELEASE_PUBLICATION_RESOURCE_TYPE)) as { Properties: Record<string, unknown>; DependsOn: string[] }[];
    expect(publication?.Properties).toMatchObject({ App: 'marketing', Release: stack?.release, Mode: 'canary', Percent: '10' });
    expect(publication?.DependsOn).toContain(command?.logicalId);
  });

  test('-c preview=<hours> uploads the build and the snapshot only, and outputs the link the publication answers with', () => {
    const { stacks } = buildTestApp({ context: { only: 'marketing', preview: '8' } });
    const template = Template.fromStack(stacks.remotes[0] as NonNullable<(typeof stacks.remotes)[0]>);
    expect(uploadsOf(template).map((upload) => upload.prefix)).not.toContain('mfe/pointers/');
    expect(uploadsOf(template).map((upload) => upload.prefix)).not.toContain('mfe/canary/');
    const [publicationId] = Object.keys(template.findResources(RELEASE_PUBLICATION_RESOURCE_TYPE, { Properties: { Mode: 'preview', Hours: '8' } }));
    template.hasOutput('PreviewLink', { Value: { 'Fn::GetAtt': [publicationId, 'PreviewLink'] } });
  });

  test.each([
    [{ canary: '10' }, '-c canary and -c preview deploy one remote: add -c only=<remote>'],
    [{ only: 'shell', preview: '8' }, 'the shell is released whole'],
    [{ only: 'marketing', canary: '100' }, '-c canary (100) is a share of visitors from 1 to 99 percent'],
    [{ only: 'marketing', preview: '1000' }, '-c preview (1000) is how many hours the link stays valid, 1 to 720'],
    [{ only: 'marketing', canary: '10', preview: '8' }, '-c canary and -c preview are two ways to deploy: give one'],
  ])('refuses %j', (context, message) => {
    expect(() => buildTestApp({ context })).toThrow(message);
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

  test('fails the synth when the pages of a remote load two shell builds', () => {
    const faq = path.join(brokenSite, 'pages/faq.html');
    fs.writeFileSync(faq, fs.readFileSync(faq, 'utf8').replace('/shell/s1a2b3c4/', '/shell/s0000000/'));
    expect(() => readRemoteBuild(brokenSite, 'marketing')).toThrow('The pages of the marketing remote load several shell builds (s0000000, s1a2b3c4)');
  });

  test("synthesizes one team's stack with only that team's build, and says how when another team's build is missing", () => {
    for (const absent of ['mfe/commerce', 'mfe/legal', 'shell', 'pages/quote.html', 'pages/terms.html']) fs.rmSync(path.join(brokenSite, absent), { recursive: true });
    expect(() => buildTestApp({ context: { siteDir: brokenSite } })).toThrow('-c only=<shell or remote name>');

    const { stacks } = buildTestApp({ context: { siteDir: brokenSite, only: 'marketing' } });
    expect(stacks.shell).toBeUndefined();
    expect(stacks.remotes.map((stack) => stack.stackName)).toEqual(['KeshoRemote-marketing']);
    const template = Template.fromStack(stacks.remotes[0] as NonNullable<(typeof stacks.remotes)[0]>);
    template.resourceCountIs('Custom::CDKBucketDeployment', 3);
    template.hasResourceProperties(RELEASE_PUBLICATION_RESOURCE_TYPE, { App: 'marketing' });
    Template.fromStack(stacks.site).resourceCountIs('AWS::CloudFront::Distribution', 1);
  });

  test('-c only names the shell or a remote of the build', () => {
    const { stacks } = buildTestApp({ context: { only: 'shell' } });
    expect(stacks.shell?.stackName).toBe('KeshoShell');
    expect(stacks.remotes).toEqual([]);
    expect(() => buildTestApp({ context: { only: 'payments' } })).toThrow("-c only=payments: the site build's remotes are marketing, commerce, legal");
    expect(() => buildTestApp({ context: { only: 'Marketing!' } })).toThrow('-c only (Marketing!) must be "shell" or a remote\'s name');
  });

  test('fails the synth when the shell has no not-found page', () => {
    fs.rmSync(path.join(brokenSite, 'pages/404.html'));
    expect(() => readShellBuild(brokenSite)).toThrow('The site build has no not-found page');
  });

  test('leaves the shell and remote stacks out, and says so, when there is no site build yet', () => {
    const { app, stacks } = buildTestApp({ context: { siteDir: path.join(brokenSite, 'missing') } });
    expect(stacks.shell).toBeUndefined();
    expect(stacks.remotes).toEqual([]);
    expect(app.node.metadata.map((entry) => entry.data)).toEqual([expect.stringContaining('No distributionId'), expect.stringContaining('No site build at')]);
    Template.fromStack(stacks.site).resourceCountIs('AWS::CloudFront::Distribution', 1);
  });
});
