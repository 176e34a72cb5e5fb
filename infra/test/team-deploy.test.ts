/**
 * Team isolation that holds (lib/team-deploy.ts, lib/team-keys.ts): each team deploys through roles
 * ops own, every role its stack makes carries an ops-owned permissions boundary, and the names that
 * would collide with shared keys are refused. "Allowed" below is IAM's own rule for one request: an
 * Allow in the role's policies AND an Allow in its boundary, and no Deny (evaluated on the
 * synthesized templates, with CloudFormation's names for the stacks' resources).
 */
import fs from 'node:fs';
import { Template } from 'aws-cdk-lib/assertions';
import { AssetManifestArtifact } from 'aws-cdk-lib/cx-api';
import { RESERVED_REMOTE_NAMES } from '@kesho/release-model/pointer-document';
import { DEPLOYING_TEAMS, teamDeployNames } from '../lib/team-deploy';
import { remoteWritableKeys, teamWritableKeys } from '../lib/team-keys';
import { POINTER_DOCUMENT_KEY, pointerKey } from '@kesho/release-model/engine/release-record';
import { canaryCommandKey } from '@kesho/release-model/engine/edge-pass';
import { buildTestApp } from './support/test-app';

const ACCOUNT = '111111111111';
const REGION = 'eu-west-1';
const SITE_BUCKET = `kesho-site-${ACCOUNT}-${REGION}`;
const ASSET_BUCKET = `cdk-hnb659fds-assets-${ACCOUNT}-${REGION}`;

const { stacks, app } = buildTestApp();
const teams = Template.fromStack(stacks.teams).toJSON() as { Resources: Record<string, CfnResource> };
const assembly = app.synth();

interface CfnResource {
  Type: string;
  Properties: Record<string, unknown>;
}
interface Statement {
  Effect: 'Allow' | 'Deny';
  Action: string | string[];
  Resource: unknown;
  Condition?: Record<string, Record<string, unknown>>;
}

/** A template value with the pseudo parameters and CloudFormation's resource names filled in. */
function resolve(value: unknown, stackName: string, resources: Record<string, CfnResource>): string {
  if (typeof value === 'string') return value.replaceAll('${AWS::AccountId}', ACCOUNT).replaceAll('${AWS::Region}', REGION).replaceAll('${AWS::Partition}', 'aws');
  const record = value as Record<string, unknown>;
  if ('Ref' in record) {
    const pseudo: Record<string, string> = { 'AWS::Partition': 'aws', 'AWS::AccountId': ACCOUNT, 'AWS::Region': REGION, 'AWS::URLSuffix': 'amazonaws.com' };
    const referenced = resources[record.Ref as string];
    // A managed policy's Ref is its ARN.
    if (referenced?.Type === 'AWS::IAM::ManagedPolicy') return `arn:aws:iam::${ACCOUNT}:policy/${String(referenced.Properties.ManagedPolicyName)}`;
    return pseudo[record.Ref as string] ?? `${stackName}-${record.Ref as string}-GENERATED`;
  }
  if ('Fn::Join' in record) {
    const [separator, parts] = record['Fn::Join'] as [string, unknown[]];
    return parts.map((part) => resolve(part, stackName, resources)).join(separator);
  }
  if ('Fn::Sub' in record) return resolve(record['Fn::Sub'], stackName, resources);
  if ('Fn::GetAtt' in record) {
    const [id, attribute] = record['Fn::GetAtt'] as [string, string];
    const type = resources[id]?.Type;
    // CloudFormation names a resource without a name of its own <stack>-<logical id>-<suffix>.
    if (type === 'AWS::Logs::LogGroup' && attribute === 'Arn') return `arn:aws:logs:${REGION}:${ACCOUNT}:log-group:${stackName}-${id}-GENERATED:*`;
    if (type === 'AWS::IAM::ManagedPolicy') return `arn:aws:iam::${ACCOUNT}:policy/${String(resources[id]?.Properties.ManagedPolicyName)}`;
    if (type === 'AWS::IAM::Role' && attribute === 'Arn') return `arn:aws:iam::${ACCOUNT}:role/${String(resources[id]?.Properties.RoleName ?? `${stackName}-${id}-GENERATED`)}`;
  }
  throw new Error(`cannot resolve ${JSON.stringify(value)}`);
}

/** IAM's wildcard match: * any run of characters, ? one. */
const matches = (pattern: string, value: string): boolean =>
  new RegExp(
    `^${pattern
      .replace(/[.+^${}()|[\]\\]/g, '\\$&')
      .replace(/\*/g, '.*')
      .replace(/\?/g, '.')}$`,
  ).test(value);

interface Request {
  readonly action: string;
  readonly resource: string;
  readonly context?: Readonly<Record<string, string>>;
}

function conditionHolds(condition: Statement['Condition'], context: Readonly<Record<string, string>>, resolveValue: (value: unknown) => string): boolean {
  return Object.entries(condition ?? {}).every(([operator, keys]) =>
    Object.entries(keys).every(([key, expected]) => {
      const actual = context[key];
      if (actual === undefined) return false;
      const options = [expected].flat().map(resolveValue);
      return operator === 'StringLike' ? options.some((option) => matches(option, actual)) : options.includes(actual);
    }),
  );
}

/** Whether these statements allow (or deny) a request. */
function decides(statements: readonly Statement[], effect: 'Allow' | 'Deny', request: Request, resolveValue: (value: unknown) => string): boolean {
  return statements.some(
    (statement) =>
      statement.Effect === effect &&
      [statement.Action].flat().some((action) => matches(action, request.action)) &&
      [statement.Resource].flat().some((resource) => matches(resolveValue(resource), request.resource)) &&
      conditionHolds(statement.Condition, request.context ?? {}, resolveValue),
  );
}

const teamsResolve = (value: unknown) => resolve(value, 'KeshoTeams', teams.Resources);

function boundaryStatements(team: string): Statement[] {
  const boundary = Object.values(teams.Resources).find(
    (resource) => resource.Type === 'AWS::IAM::ManagedPolicy' && resource.Properties.ManagedPolicyName === teamDeployNames(team).boundaryName,
  );
  if (!boundary) throw new Error(`no boundary for ${team}`);
  return (boundary.Properties.PolicyDocument as { Statement: Statement[] }).Statement;
}

function roleStatements(roleName: string): Statement[] {
  const role = Object.values(teams.Resources).find((resource) => resource.Type === 'AWS::IAM::Role' && resource.Properties.RoleName === roleName);
  if (!role) throw new Error(`no role ${roleName}`);
  return (role.Properties.Policies as { PolicyDocument: { Statement: Statement[] } }[]).flatMap((policy) => policy.PolicyDocument.Statement);
}

/** A team stack's roles with the statements of their policies and the boundary they carry. */
function teamStackRoles(team: string): { name: string; boundary: string; statements: Statement[]; resolveValue: (value: unknown) => string }[] {
  const { stackName } = teamDeployNames(team);
  const template = assembly.getStackByName(stackName).template as { Resources: Record<string, CfnResource> };
  const resolveValue = (value: unknown) => resolve(value, stackName, template.Resources);
  return Object.entries(template.Resources)
    .filter(([, resource]) => resource.Type === 'AWS::IAM::Role')
    .map(([id, role]) => {
      const policies = Object.values(template.Resources).filter((resource) => resource.Type === 'AWS::IAM::Policy' && JSON.stringify(resource.Properties.Roles).includes(`"${id}"`));
      return {
        name: id,
        boundary: resolveValue(role.Properties.PermissionsBoundary),
        statements: policies.flatMap((policy) => (policy.Properties.PolicyDocument as { Statement: Statement[] }).Statement),
        resolveValue,
      };
    });
}

/** What a role of a team stack may really do: its own Allow, within its boundary. */
function effectivelyAllowed(team: string, roleStatementsOf: Statement[], resolveValue: (value: unknown) => string, request: Request): boolean {
  return decides(roleStatementsOf, 'Allow', request, resolveValue) && decides(boundaryStatements(team), 'Allow', request, teamsResolve);
}

const siteKey = (key: string) => `arn:aws:s3:::${SITE_BUCKET}/${key}`;

describe('each team deploys through roles ops own', () => {
  test.each(DEPLOYING_TEAMS)('%s: its stack names its deploy and execution roles and keeps its assets under its own prefix', (team) => {
    const names = teamDeployNames(team);
    const artifact = assembly.getStackByName(names.stackName);
    expect(artifact.assumeRoleArn).toBe(`arn:\${AWS::Partition}:iam::${ACCOUNT}:role/${names.deployRoleName}`);
    expect(artifact.cloudFormationExecutionRoleArn).toBe(`arn:\${AWS::Partition}:iam::${ACCOUNT}:role/${names.executionRoleName}`);
    const manifests = artifact.dependencies.filter((dependency): dependency is AssetManifestArtifact => dependency instanceof AssetManifestArtifact);
    const objectKeys = manifests.flatMap((manifest) =>
      Object.values((JSON.parse(fs.readFileSync(manifest.file, 'utf8')) as { files: Record<string, { destinations: Record<string, { objectKey: string }> }> }).files).flatMap((file) =>
        Object.values(file.destinations).map((destination) => destination.objectKey),
      ),
    );
    expect(objectKeys.length).toBeGreaterThan(0);
    for (const key of objectKeys) expect(key.startsWith(names.assetPrefix)).toBe(true);
  });

  test.each(DEPLOYING_TEAMS)("%s: every role its stack makes carries the team's boundary", (team) => {
    const roles = teamStackRoles(team);
    expect(roles.length).toBeGreaterThan(0);
    for (const role of roles)
      expect({ role: role.name, boundary: role.boundary }).toEqual({ role: role.name, boundary: `arn:aws:iam::${ACCOUNT}:policy/${teamDeployNames(team).boundaryName}` });
  });

  test.each(DEPLOYING_TEAMS)('%s: each thing its roles are given is within its boundary, so the boundary takes nothing a deploy needs', (team) => {
    for (const role of teamStackRoles(team)) {
      for (const statement of role.statements.filter((candidate) => candidate.Effect === 'Allow')) {
        for (const action of [statement.Action].flat()) {
          for (const resource of [statement.Resource].flat().map(role.resolveValue)) {
            // A pattern the role is given, taken as one concrete request under it (with a context its own conditions accept).
            const context = Object.fromEntries(
              Object.values(statement.Condition ?? {}).flatMap((keys) => Object.entries(keys).map(([key, expected]) => [key, role.resolveValue([expected].flat()[0]).replace(/\*/g, 'x')])),
            );
            const request = { action, resource: resource.replace(/\*/g, 'x'), context };
            expect({ role: role.name, ...request, allowed: effectivelyAllowed(team, role.statements, role.resolveValue, request) }).toEqual({ role: role.name, ...request, allowed: true });
          }
        }
      }
    }
  });

  test("a team that widens its own upload role gets no more than its boundary: no other team's files, no shared keys", () => {
    const widened: Statement[] = [{ Effect: 'Allow', Action: 's3:*', Resource: `arn:aws:s3:::${SITE_BUCKET}/*` }];
    const identity = (value: unknown) => String(value);
    const may = (key: string) => effectivelyAllowed('marketing', widened, identity, { action: 's3:PutObject', resource: siteKey(key) });
    expect(may('mfe/marketing/m9/remoteEntry.js')).toBe(true);
    for (const key of [
      POINTER_DOCUMENT_KEY,
      pointerKey('commerce'),
      pointerKey('shell'),
      canaryCommandKey('legal'),
      'mfe/commerce/c1/remoteEntry.js',
      'releases/shell/s1/release.json',
      'pages/index.html',
      'robots.txt',
    ]) {
      expect({ key, allowed: may(key) }).toEqual({ key, allowed: false });
    }
    expect(effectivelyAllowed('marketing', widened, identity, { action: 's3:DeleteObject', resource: siteKey('mfe/marketing/m1/remoteEntry.js') })).toBe(false);
  });

  test.each(DEPLOYING_TEAMS)('%s: its execution role makes or changes a role only with the boundary, and can never drop or change a boundary', (team) => {
    const names = teamDeployNames(team);
    const statements = roleStatements(names.executionRoleName);
    const boundaryArn = `arn:aws:iam::${ACCOUNT}:policy/${names.boundaryName}`;
    const ownRole = `arn:aws:iam::${ACCOUNT}:role/${names.stackName}-UploadsRole-GENERATED`;
    const allowed = (request: Request) => decides(statements, 'Allow', request, teamsResolve) && !decides(statements, 'Deny', request, teamsResolve);
    for (const action of ['iam:CreateRole', 'iam:PutRolePolicy', 'iam:PutRolePermissionsBoundary']) {
      expect(allowed({ action, resource: ownRole, context: { 'iam:PermissionsBoundary': boundaryArn } })).toBe(true);
      expect(allowed({ action, resource: ownRole })).toBe(false);
      expect(allowed({ action, resource: ownRole, context: { 'iam:PermissionsBoundary': `arn:aws:iam::${ACCOUNT}:policy/AdministratorAccess` } })).toBe(false);
      // Another team's roles, or ops' own: never.
      expect(allowed({ action, resource: `arn:aws:iam::${ACCOUNT}:role/KeshoSite-ReleasePublisher-GENERATED`, context: { 'iam:PermissionsBoundary': boundaryArn } })).toBe(false);
    }
    expect(allowed({ action: 'iam:DeleteRolePermissionsBoundary', resource: ownRole })).toBe(false);
    for (const action of ['iam:CreatePolicyVersion', 'iam:SetDefaultPolicyVersion', 'iam:DeletePolicy', 'iam:AttachRolePolicy'])
      expect(allowed({ action, resource: boundaryArn })).toBe(false);
    expect(allowed({ action: 'iam:AttachRolePolicy', resource: ownRole, context: { 'iam:PermissionsBoundary': boundaryArn } })).toBe(false);
    // Functions of its own stack, and the publication; nothing else.
    expect(allowed({ action: 'lambda:CreateFunction', resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:${names.stackName}-CustomCDKBucketDeployment-GENERATED` })).toBe(true);
    expect(allowed({ action: 'lambda:InvokeFunction', resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:kesho-release-publisher` })).toBe(true);
    expect(allowed({ action: 'lambda:UpdateFunctionCode', resource: `arn:aws:lambda:${REGION}:${ACCOUNT}:function:kesho-release-publisher` })).toBe(false);
    expect(allowed({ action: 'iam:PassRole', resource: ownRole, context: { 'iam:PassedToService': 'lambda.amazonaws.com' } })).toBe(true);
    expect(allowed({ action: 'iam:PassRole', resource: ownRole, context: { 'iam:PassedToService': 'ec2.amazonaws.com' } })).toBe(false);
    expect(allowed({ action: 's3:PutObject', resource: siteKey('mfe/remotes.json') })).toBe(false);
    const role = Object.values(teams.Resources).find((resource) => resource.Properties.RoleName === names.executionRoleName);
    expect(JSON.stringify(role?.Properties.AssumeRolePolicyDocument)).toContain('cloudformation.amazonaws.com');
  });

  test.each(DEPLOYING_TEAMS)('%s: its deploy role changes its own stack only and passes only its own execution role', (team) => {
    const names = teamDeployNames(team);
    const statements = roleStatements(names.deployRoleName);
    const allowed = (request: Request) => decides(statements, 'Allow', request, teamsResolve);
    const stackArn = (stackName: string) => `arn:aws:cloudformation:${REGION}:${ACCOUNT}:stack/${stackName}/0b5bd6a4-1a2f`;
    expect(allowed({ action: 'cloudformation:ExecuteChangeSet', resource: stackArn(names.stackName) })).toBe(true);
    for (const other of ['KeshoSite', 'KeshoPayments', 'KeshoTeams', ...DEPLOYING_TEAMS.filter((candidate) => candidate !== team).map((candidate) => teamDeployNames(candidate).stackName)]) {
      expect({ other, allowed: allowed({ action: 'cloudformation:ExecuteChangeSet', resource: stackArn(other) }) }).toEqual({ other, allowed: false });
    }
    expect(allowed({ action: 'cloudformation:DeleteStack', resource: stackArn(names.stackName) })).toBe(false);
    const passes = (roleName: string) =>
      allowed({ action: 'iam:PassRole', resource: `arn:aws:iam::${ACCOUNT}:role/${roleName}`, context: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } });
    expect(passes(names.executionRoleName)).toBe(true);
    expect(passes(`cdk-hnb659fds-cfn-exec-role-${ACCOUNT}-${REGION}`)).toBe(false);
    expect(passes(teamDeployNames(DEPLOYING_TEAMS.find((candidate) => candidate !== team) ?? '').executionRoleName)).toBe(false);
    expect(allowed({ action: 's3:PutObject', resource: `arn:aws:s3:::${ASSET_BUCKET}/${names.assetPrefix}abc.zip` })).toBe(true);
    expect(allowed({ action: 's3:PutObject', resource: `arn:aws:s3:::${ASSET_BUCKET}/other/abc.zip` })).toBe(false);
    expect(allowed({ action: 's3:PutObject', resource: siteKey(`mfe/${team}/x.js`) })).toBe(false);
  });
});

describe('names and keys', () => {
  test('a remote cannot take a name whose keys are shared ones, here or in the build', () => {
    for (const name of RESERVED_REMOTE_NAMES) expect(() => remoteWritableKeys(name)).toThrow(`cannot be called "${name}"`);
    // Every shared folder under mfe/ is a reserved name.
    for (const sharedPrefix of ['mfe/pointers/', 'mfe/canary/']) expect(RESERVED_REMOTE_NAMES).toContain(sharedPrefix.split('/')[1]);
  });

  test("no team may write another team's keys or a shared one", () => {
    const probes = [POINTER_DOCUMENT_KEY, 'pages/index.html', 'pages/faq.html', 'variants/abc/pages/index.html', 'edge/state.json'];
    for (const team of DEPLOYING_TEAMS) {
      const own = teamWritableKeys(team);
      const others = DEPLOYING_TEAMS.filter((other) => other !== team).flatMap((other) => [
        `mfe/${other}/b1/remoteEntry.js`,
        pointerKey(other),
        canaryCommandKey(other),
        `releases/${other}/r1/release.json`,
      ]);
      for (const key of [...probes, ...others]) expect({ team, key, writable: own.some((pattern) => matches(pattern, key)) }).toEqual({ team, key, writable: false });
    }
  });

  test('a build with a remote that has no deploy roles fails the synth, naming what ops do', () => {
    expect(() => teamDeployNames('blog')).toThrow('blog has no deploy roles: ops add it to DEPLOYING_TEAMS');
  });
});
