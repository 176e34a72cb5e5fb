/**
 * The roles GitHub Actions assumes with OIDC (no stored keys), one per workflow of lib/ci-workflows.ts,
 * in ops' KeshoTeams stack:
 *
 * - `kesho-ci-<team>` (marketing, commerce, legal; platform for the shell): trusted by that team's
 *   workflow file on main alone; may assume that team's deploy role `kesho-deploy-<team>` and nothing
 *   else, so a team's pipeline can do exactly what the team's people can (lib/team-deploy.ts);
 * - `kesho-ci-ops`: trusted by ops' workflow on main in the approval environment `production`; may
 *   assume CDK's bootstrap roles (every stack, both regions), as ops do by hand;
 * - `kesho-ci-ops-diff`: trusted by ops' workflow on a pull request; reads the deployed templates for
 *   `cdk diff --no-change-set` and nothing else (no bootstrap role: the lookup role reads everything).
 *
 * The account's GitHub OIDC provider is made here (one per account: one environment per account).
 */
import { Stack } from 'aws-cdk-lib';
import { Effect, OidcProviderNative, PolicyDocument, PolicyStatement, Role, WebIdentityPrincipal } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { CI_WORKFLOWS, GITHUB_OIDC_HOST, OPS_DIFF_ROLE_NAME, trustedSubject, type CiWorkflow } from './ci-workflows';
import { acknowledge } from './nag';
import { teamDeployNames } from './team-names';

export interface CiRolesProps {
  /** `owner/name` of the GitHub repository. */
  readonly repository: string;
  /** The regions the ops workflow deploys to (CDK's bootstrap roles of each). */
  readonly regions: readonly string[];
}

export class CiRoles extends Construct {
  readonly provider: OidcProviderNative;
  /** By workflow file, plus `ops-diff`. */
  readonly roles: Readonly<Record<string, Role>>;

  constructor(scope: Construct, id: string, props: CiRolesProps) {
    super(scope, id);
    if (!/^[A-Za-z0-9_.-]+\/[A-Za-z0-9_.-]+$/.test(props.repository)) throw new Error(`githubRepository (${props.repository}) must be owner/name`);
    const stack = Stack.of(this);
    this.provider = new OidcProviderNative(this, 'GitHub', { url: `https://${GITHUB_OIDC_HOST}`, clientIds: ['sts.amazonaws.com'] });
    const trustedBy = (subject: string, operator: 'StringEquals' | 'StringLike') =>
      new WebIdentityPrincipal(this.provider.oidcProviderArn, {
        StringEquals: { [`${GITHUB_OIDC_HOST}:aud`]: 'sts.amazonaws.com', ...(operator === 'StringEquals' ? { [`${GITHUB_OIDC_HOST}:sub`]: subject } : {}) },
        ...(operator === 'StringLike' ? { StringLike: { [`${GITHUB_OIDC_HOST}:sub`]: subject } } : {}),
      });
    const roleArn = (name: string) => `arn:${stack.partition}:iam::${stack.account}:role/${name}`;

    const bootstrapRoles = props.regions.map((region) => roleArn(`cdk-hnb659fds-*-role-${stack.account}-${region}`));
    const diffStacks = props.regions.map((region) => `arn:${stack.partition}:cloudformation:${region}:${stack.account}:stack/Kesho*/*`);
    const roles: Record<string, Role> = {};
    for (const workflow of CI_WORKFLOWS) {
      const assumes = workflow.releases === 'ops' ? bootstrapRoles : [roleArn(teamDeployNames(workflow.releases).deployRoleName)];
      roles[workflow.file] = new Role(this, roleIdOf(workflow), {
        roleName: workflow.roleName,
        description: `GitHub Actions: .github/workflows/${workflow.file} on main (${workflow.owner})`,
        assumedBy: trustedBy(trustedSubject(props.repository, workflow), 'StringEquals'),
        inlinePolicies: {
          Release: new PolicyDocument({ statements: [new PolicyStatement({ effect: Effect.ALLOW, actions: ['sts:AssumeRole'], resources: assumes })] }),
        },
      });
    }
    const ops = CI_WORKFLOWS.find((workflow) => workflow.releases === 'ops');
    if (ops) {
      acknowledge(
        roles[ops.file] as Role,
        ...bootstrapRoles.map((resource) => ({
          id: `AwsSolutions-IAM5[Resource::${resource}]`,
          reason: "Ops' pipeline deploys every stack as ops do: through CDK's bootstrap roles (deploy, file publishing, lookup) of the account's regions, and no other role.",
        })),
      );
    }
    roles['ops-diff'] = new Role(this, 'OpsDiff', {
      roleName: OPS_DIFF_ROLE_NAME,
      description: 'GitHub Actions: .github/workflows/ops.yml on a pull request (cdk diff, read-only)',
      assumedBy: trustedBy(trustedSubject(props.repository, 'ops-diff'), 'StringLike'),
      inlinePolicies: {
        ReadTemplates: new PolicyDocument({
          statements: [
            new PolicyStatement({
              actions: ['cloudformation:DescribeStacks', 'cloudformation:GetTemplate'],
              resources: diffStacks,
            }),
            new PolicyStatement({
              actions: ['ssm:GetParameter'],
              resources: props.regions.map((region) => `arn:${stack.partition}:ssm:${region}:${stack.account}:parameter/cdk-bootstrap/hnb659fds/version`),
            }),
          ],
        }),
      },
    });
    acknowledge(
      roles['ops-diff'],
      ...diffStacks.map((resource) => ({
        id: `AwsSolutions-IAM5[Resource::${resource}]`,
        reason: "cdk diff reads the deployed template of every Kesho stack; a stack's ARN ends with CloudFormation's own id.",
      })),
    );
    this.roles = roles;
  }
}

const roleIdOf = (workflow: CiWorkflow) => `${workflow.file.replace(/\.yml$/, '').replace(/^./, (letter) => letter.toUpperCase())}Workflow`;
