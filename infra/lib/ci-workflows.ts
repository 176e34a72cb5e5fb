/**
 * The GitHub Actions workflows (.github/workflows/) and the AWS roles they assume with GitHub's OIDC
 * tokens, written once: lib/ci-roles.ts makes the roles from this table and test/workflows.test.ts
 * checks the workflow files against it, against .github/CODEOWNERS and against the synthesized roles.
 *
 * One workflow per team: it runs on a change under the folders that team owns (CODEOWNERS) and, on
 * main, releases what that team deploys, through that team's role only (a remote: preview, browser
 * check through the preview link, then the canary). A role trusts exactly one
 * workflow file of this repository on main (its OIDC `sub` carries the workflow's `job_workflow_ref`:
 * infra/RUNBOOK.md, "A team's first pipeline run"), so no other workflow, branch or repository can
 * assume it, and no AWS key is stored anywhere.
 */
import { SHELL_APP } from '@kesho/release-model/engine/release-record';

/** The repository the workflows run in, `owner/name` (the `githubRepository` setting overrides it). */
export const DEFAULT_GITHUB_REPOSITORY = 'kesho/kesho-global-education';
export const GITHUB_OIDC_HOST = 'token.actions.githubusercontent.com';
/** The GitHub environment whose reviewers approve ops' deploys (a protection rule in the repository's settings). */
export const OPS_APPROVAL_ENVIRONMENT = 'production';
/** The share of visitors a team's release meets first (`-c canary=<percent>`, lib/release-upload.ts). */
export const RELEASE_CANARY_PERCENT = 10;
/**
 * Before its canary, a remote team's release job stages the same build as a preview (`-c preview=<hours>`,
 * the link valid this long: the job checks it at once) and loads it in Chromium through the stack's
 * `PreviewLink` output (`npm run release -- check`); a failed check ends the job before the canary deploy,
 * so no visitor gets the build. The shell is released whole (no preview of it), ops deploy no team stack.
 */
export const RELEASE_PREVIEW_HOURS = 1;
/**
 * Where the preview deploy writes the stack's outputs (`cdk deploy --outputs-file`, in infra/). The CLI
 * reads them through the team's deploy role (its `cloudformation:DescribeStacks` of its own stack,
 * lib/team-deploy.ts), so the CI role needs nothing beyond assuming that role.
 */
export const RELEASE_PREVIEW_OUTPUTS_FILE = 'preview-outputs.json';
/** The Chromium of GitHub's Ubuntu runners (Google Chrome; Ubuntu has no Debian chromium package), as CHROMIUM_PATH. */
export const CI_CHROMIUM_PATH = '/usr/bin/google-chrome';

export interface CiWorkflow {
  /** The file under .github/workflows/. */
  readonly file: string;
  /** The team of .github/CODEOWNERS that owns what this workflow tests and releases. */
  readonly owner: string;
  /**
   * The `paths` filter of the workflow: the folders (and root files) CODEOWNERS gives `owner`, plus
   * `alsoOn` (folders of others that what this workflow deploys is built from).
   */
  readonly paths: readonly string[];
  readonly alsoOn?: readonly { readonly path: string; readonly why: string }[];
  /** The role the release (or deploy) job assumes on main. */
  readonly roleName: string;
  /** The team stack it releases (lib/team-deploy.ts: the role may assume that team's deploy role only), or `ops` for every stack. */
  readonly releases: string;
}

export const CI_WORKFLOWS: readonly CiWorkflow[] = [
  { file: 'marketing.yml', owner: '@kesho/marketing', paths: ['mfe-marketing/**'], roleName: 'kesho-ci-marketing', releases: 'marketing' },
  // The payment and form functions are commerce's (CODEOWNERS): tested here, deployed by ops' workflow with KeshoPayments.
  { file: 'commerce.yml', owner: '@kesho/commerce', paths: ['mfe-commerce/**', 'lambdas/**'], roleName: 'kesho-ci-commerce', releases: 'commerce' },
  { file: 'legal.yml', owner: '@kesho/legal', paths: ['mfe-legal/**'], roleName: 'kesho-ci-legal', releases: 'legal' },
  {
    file: 'platform.yml',
    owner: '@kesho/platform',
    paths: [
      'shell/**',
      'packages/shell-kit/**',
      'packages/release-model/**',
      'packages/site-rules/**',
      'packages/operations/**',
      'scripts/**',
      'local-server/**',
      'e2e/**',
      'package.json',
      'package-lock.json',
    ],
    alsoOn: [{ path: 'packages/operations/**', why: "the shell's error reporter, the local server and the release scripts read @kesho/operations" }],
    roleName: 'kesho-ci-platform',
    releases: SHELL_APP,
  },
  {
    file: 'ops.yml',
    owner: '@kesho/ops',
    // The workflows themselves are ops' (CODEOWNERS): a change to one runs the workflow tests (infra's jest).
    // The release engine (packages/release-model/src/engine/) is ops' too: the publisher runs it.
    paths: ['infra/**', 'packages/operations/**', 'packages/release-model/src/engine/**', '.ci/**', '.github/**', 'lambdas/**', 'packages/release-model/**', 'packages/site-rules/**'],
    alsoOn: [
      { path: 'lambdas/**', why: 'the payment functions are bundled into KeshoPayments' },
      { path: 'packages/release-model/**', why: 'the functions, the edge functions and the publisher bundle @kesho/release-model' },
      { path: 'packages/site-rules/**', why: "the functions and the edge functions bundle @kesho/site-rules (the site's facts, prices and form rules)" },
    ],
    roleName: 'kesho-ci-ops',
    releases: 'ops',
  },
];

/** The read-only role of ops' `cdk diff` on a pull request: it reads deployed templates, nothing else. */
export const OPS_DIFF_ROLE_NAME = 'kesho-ci-ops-diff';

/**
 * The OIDC subject a role trusts: GitHub's sub claim customized for the repository to carry the
 * workflow file (`include_claim_keys: repo, context, job_workflow_ref`).
 */
export function trustedSubject(repository: string, workflow: CiWorkflow | 'ops-diff'): string {
  if (workflow === 'ops-diff') return `repo:${repository}:pull_request:job_workflow_ref:${repository}/.github/workflows/ops.yml@refs/pull/*/merge`;
  const context = workflow.releases === 'ops' ? `environment:${OPS_APPROVAL_ENVIRONMENT}` : 'ref:refs/heads/main';
  return `repo:${repository}:${context}:job_workflow_ref:${repository}/.github/workflows/${workflow.file}@refs/heads/main`;
}
