/**
 * Team isolation that does not rest on the bootstrap roles. CDK's default CloudFormation execution
 * role may do anything, so a team that can deploy its stack with it can widen its own upload role (or
 * create any other). Instead each team deploys its stack through roles ops own, in the KeshoTeams
 * stack:
 *
 * - `kesho-deploy-<team>`: what the team's CLI or CI assumes (the stack's deploy and asset-publishing
 *   role): change sets of its own stack only, its own assets (`<team>/…` in CDK's asset bucket), and
 *   passing its own execution role to CloudFormation, nothing else;
 * - `kesho-cfn-exec-<team>`: what CloudFormation acts as for that stack: the kinds of resource a team
 *   stack holds (its upload function and layers, log group, roles), named after its stack, and every
 *   role it creates or changes must carry the team's permissions boundary;
 * - `kesho-team-boundary-<team>`: the boundary, the most any of the team's roles can ever do: write
 *   the team's own keys of the site bucket (lib/team-keys.ts), read its own assets, write its logs.
 *   A team that writes itself a wider policy gets no more than this; it cannot drop or change the
 *   boundary, which only ops' deploys of KeshoTeams touch.
 *
 * The team stacks name these roles in their synthesizer and put the boundary on every role they make
 * (teamStackSynthesizer, applyTeamBoundary), and the synth refuses a team without roles.
 */
import { DefaultStackSynthesizer, Stack, type StackProps } from 'aws-cdk-lib';
import { AccountRootPrincipal, Effect, ManagedPolicy, PermissionsBoundary, PolicyDocument, PolicyStatement, Role, ServicePrincipal } from 'aws-cdk-lib/aws-iam';
import type { Construct } from 'constructs';
import { RELEASE_PUBLISHER_FUNCTION_NAME } from './release-publisher';
import { teamReadableKeys, teamWritableKeys } from './team-keys';
import { CiRoles } from './ci-roles';
import { acknowledge } from './nag';
import { DEPLOYING_TEAMS, stackNameOf, teamDeployNames } from './team-names';

export { DEPLOYING_TEAMS, teamDeployNames, type TeamDeployNames } from './team-names';

const QUALIFIER = DefaultStackSynthesizer.DEFAULT_QUALIFIER;

/**
 * Teams whose stack's resources another team's `<stack>-*` patterns would reach: CloudFormation names
 * them `<stack>-<logical id>-<suffix>`, so `KeshoRemote-blog-*` also matches every role, function and
 * log group of a stack `KeshoRemote-blog-extra`. IAM patterns cannot stop at a dash, so such a pair of
 * names is refused (the synth fails naming both): one answer per overlapping pair.
 */
export function overlappingTeams(teams: readonly string[]): string[] {
  return teams.flatMap((team) =>
    teams
      .filter((other) => other !== team && stackNameOf(other).startsWith(`${stackNameOf(team)}-`))
      .map((other) => `${other} (${stackNameOf(other)}) lies under ${team}'s pattern ${stackNameOf(team)}-*`),
  );
}

/** A team stack deploys through its own roles and puts its assets under its own prefix. */
export function teamStackSynthesizer(team: string): DefaultStackSynthesizer {
  const names = teamDeployNames(team);
  const roleArn = (name: string) => `arn:\${AWS::Partition}:iam::\${AWS::AccountId}:role/${name}`;
  return new DefaultStackSynthesizer({
    deployRoleArn: roleArn(names.deployRoleName),
    fileAssetPublishingRoleArn: roleArn(names.deployRoleName),
    cloudFormationExecutionRole: roleArn(names.executionRoleName),
    bucketPrefix: names.assetPrefix,
  });
}

/** Every role the team's stack makes carries the team's boundary. */
export function applyTeamBoundary(stack: Stack, team: string): void {
  PermissionsBoundary.of(stack).apply(ManagedPolicy.fromManagedPolicyName(stack, 'TeamBoundary', teamDeployNames(team).boundaryName));
}

export interface TeamsStackProps extends StackProps {
  readonly siteBucketName: string;
  /** `owner/name`: the repository whose workflows may assume the CI roles (lib/ci-roles.ts). */
  readonly githubRepository: string;
  /** The regions ops' pipeline deploys to. */
  readonly ciRegions: readonly string[];
}

/** ops' stack: each deploying team's boundary, CloudFormation execution role and deploy role; the CI roles of the workflows. */
export class TeamsStack extends Stack {
  readonly ci: CiRoles;

  constructor(scope: Construct, id: string, props: TeamsStackProps) {
    super(scope, id, props);
    const overlaps = overlappingTeams(DEPLOYING_TEAMS);
    if (overlaps.length > 0) throw new Error(`DEPLOYING_TEAMS holds names whose stacks' resources another team's roles would reach: ${overlaps.join('; ')}. Rename one.`);
    this.ci = new CiRoles(this, 'Ci', { repository: props.githubRepository, regions: props.ciRegions });
    const arn = (service: string, resource: string, region = this.region) => `arn:${this.partition}:${service}:${region}:${this.account}:${resource}`;
    const siteObjects = (pattern: string) => `arn:${this.partition}:s3:::${props.siteBucketName}/${pattern}`;
    const assetsBucket = `cdk-${QUALIFIER}-assets-${this.account}-${this.region}`;
    const bootstrapVersion = arn('ssm', `parameter/cdk-bootstrap/${QUALIFIER}/version`);

    for (const team of DEPLOYING_TEAMS) {
      const names = teamDeployNames(team);
      const stackNamed = (service: string, resourceType: string) => arn(service, `${resourceType}${names.stackName}-*`);
      const ownAssets = `arn:${this.partition}:s3:::${assetsBucket}/${names.assetPrefix}*`;
      const pascal = team[0]?.toUpperCase() + team.slice(1);

      const boundary = new ManagedPolicy(this, `${pascal}Boundary`, {
        managedPolicyName: names.boundaryName,
        description: `The most any role of ${names.stackName} may do (ops own it)`,
        statements: [
          new PolicyStatement({ sid: 'OwnSiteKeys', actions: ['s3:PutObject', 's3:AbortMultipartUpload'], resources: teamWritableKeys(team).map(siteObjects) }),
          ...(teamReadableKeys(team).length > 0 ? [new PolicyStatement({ sid: 'OwnCommands', actions: ['s3:GetObject'], resources: teamReadableKeys(team).map(siteObjects) })] : []),
          new PolicyStatement({ sid: 'ListSiteBucket', actions: ['s3:ListBucket'], resources: [`arn:${this.partition}:s3:::${props.siteBucketName}`] }),
          new PolicyStatement({ sid: 'OwnAssets', actions: ['s3:GetObject'], resources: [ownAssets] }),
          new PolicyStatement({
            sid: 'OwnLogs',
            actions: ['logs:CreateLogStream', 'logs:PutLogEvents'],
            resources: [stackNamed('logs', 'log-group:'), `${stackNamed('logs', 'log-group:')}:*`],
          }),
        ],
      });

      const executionPolicy = new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'RolesOnlyWithTheBoundary',
            actions: ['iam:CreateRole', 'iam:PutRolePolicy', 'iam:DeleteRolePolicy', 'iam:PutRolePermissionsBoundary', 'iam:UpdateAssumeRolePolicy'],
            resources: [`arn:${this.partition}:iam::${this.account}:role/${names.stackName}-*`],
            conditions: { StringEquals: { 'iam:PermissionsBoundary': boundary.managedPolicyArn } },
          }),
          new PolicyStatement({
            sid: 'ItsOwnRoles',
            actions: ['iam:GetRole', 'iam:GetRolePolicy', 'iam:DeleteRole', 'iam:TagRole', 'iam:UntagRole', 'iam:UpdateRoleDescription', 'iam:ListRoleTags'],
            resources: [`arn:${this.partition}:iam::${this.account}:role/${names.stackName}-*`],
          }),
          new PolicyStatement({
            sid: 'PassItsRolesToLambda',
            actions: ['iam:PassRole'],
            resources: [`arn:${this.partition}:iam::${this.account}:role/${names.stackName}-*`],
            conditions: { StringEquals: { 'iam:PassedToService': 'lambda.amazonaws.com' } },
          }),
          new PolicyStatement({
            sid: 'ItsUploadFunction',
            actions: [
              'lambda:CreateFunction',
              'lambda:DeleteFunction',
              'lambda:GetFunction',
              'lambda:GetFunctionConfiguration',
              'lambda:UpdateFunctionCode',
              'lambda:UpdateFunctionConfiguration',
              'lambda:TagResource',
              'lambda:UntagResource',
              'lambda:ListTags',
              'lambda:InvokeFunction',
            ],
            resources: [stackNamed('lambda', 'function:')],
          }),
          // Layers carry no rights of their own (the AWS CLI layer of CDK's upload function); their names are CloudFormation's.
          new PolicyStatement({ sid: 'Layers', actions: ['lambda:PublishLayerVersion', 'lambda:DeleteLayerVersion', 'lambda:GetLayerVersion'], resources: [arn('lambda', 'layer:*')] }),
          new PolicyStatement({ sid: 'Publication', actions: ['lambda:InvokeFunction'], resources: [arn('lambda', `function:${RELEASE_PUBLISHER_FUNCTION_NAME}`)] }),
          new PolicyStatement({
            sid: 'ItsLogGroup',
            actions: [
              'logs:CreateLogGroup',
              'logs:DeleteLogGroup',
              'logs:PutRetentionPolicy',
              'logs:DeleteRetentionPolicy',
              'logs:TagResource',
              'logs:UntagResource',
              'logs:ListTagsForResource',
            ],
            resources: [stackNamed('logs', 'log-group:'), `${stackNamed('logs', 'log-group:')}:*`],
          }),
          new PolicyStatement({ sid: 'FindLogGroups', actions: ['logs:DescribeLogGroups'], resources: [arn('logs', 'log-group:*')] }),
          new PolicyStatement({ sid: 'ItsAssets', actions: ['s3:GetObject', 's3:GetObjectVersion'], resources: [ownAssets] }),
          new PolicyStatement({ sid: 'BootstrapVersion', actions: ['ssm:GetParameters', 'ssm:GetParameter'], resources: [bootstrapVersion] }),
          new PolicyStatement({
            sid: 'NeverLoseTheBoundary',
            effect: Effect.DENY,
            actions: ['iam:DeleteRolePermissionsBoundary'],
            resources: [`arn:${this.partition}:iam::${this.account}:role/*`],
          }),
          new PolicyStatement({
            sid: 'NeverTouchBoundaries',
            effect: Effect.DENY,
            actions: ['iam:CreatePolicyVersion', 'iam:DeletePolicyVersion', 'iam:SetDefaultPolicyVersion', 'iam:DeletePolicy', 'iam:AttachRolePolicy'],
            resources: ['*'],
          }),
        ],
      });
      const executionRole = new Role(this, `${pascal}Execution`, {
        roleName: names.executionRoleName,
        assumedBy: new ServicePrincipal('cloudformation.amazonaws.com'),
        description: `CloudFormation's role for ${names.stackName}: its own resources only, every role it makes bounded by ${names.boundaryName}`,
        inlinePolicies: {
          TeamStack: executionPolicy,
        },
      });

      const deployPolicy = new PolicyDocument({
        statements: [
          new PolicyStatement({
            sid: 'ItsStack',
            actions: [
              'cloudformation:CreateChangeSet',
              'cloudformation:DescribeChangeSet',
              'cloudformation:ExecuteChangeSet',
              'cloudformation:DeleteChangeSet',
              'cloudformation:DescribeStacks',
              'cloudformation:DescribeStackEvents',
              'cloudformation:DescribeStackResources',
              'cloudformation:GetTemplate',
              'cloudformation:GetTemplateSummary',
            ],
            resources: [arn('cloudformation', `stack/${names.stackName}/*`)],
          }),
          new PolicyStatement({
            sid: 'PassItsExecutionRole',
            actions: ['iam:PassRole'],
            resources: [executionRole.roleArn],
            conditions: { StringEquals: { 'iam:PassedToService': 'cloudformation.amazonaws.com' } },
          }),
          new PolicyStatement({ sid: 'PublishItsAssets', actions: ['s3:GetObject', 's3:PutObject', 's3:AbortMultipartUpload'], resources: [ownAssets] }),
          new PolicyStatement({
            sid: 'FindItsAssets',
            actions: ['s3:ListBucket', 's3:GetBucketLocation'],
            resources: [`arn:${this.partition}:s3:::${assetsBucket}`],
            conditions: { StringLike: { 's3:prefix': [names.assetPrefix, `${names.assetPrefix}*`] } },
          }),
          new PolicyStatement({ sid: 'BootstrapVersion', actions: ['ssm:GetParameters', 'ssm:GetParameter'], resources: [bootstrapVersion] }),
        ],
      });
      const deployRole = new Role(this, `${pascal}Deploy`, {
        roleName: names.deployRoleName,
        // Who may assume it is ops' grant to the team's CI or people (sts:AssumeRole on this ARN).
        assumedBy: new AccountRootPrincipal(),
        description: `The ${team} team deploys ${names.stackName} with this role, and nothing else`,
        inlinePolicies: {
          TeamDeploy: deployPolicy,
        },
      });

      this.acknowledgeFindings([
        [boundary, boundary.document],
        [executionRole, executionPolicy],
        [deployRole, deployPolicy],
      ]);
    }
  }

  /** Every wildcard resource of a team's roles and boundary, acknowledged by exact finding id with the reason for its kind. */
  private acknowledgeFindings(documents: readonly (readonly [Construct, PolicyDocument])[]): void {
    const reasonFor = (resource: string): string => {
      if (resource.includes(':s3:::cdk-')) return "CDK's asset files are named by their content; a team reaches only its own prefix of the asset bucket.";
      if (resource.includes(':s3:::'))
        return "A team's own key patterns of the site bucket (lib/team-keys.ts): its deploys write whole build folders and release snapshots whose file names come from the build.";
      if (resource.endsWith(':layer:*')) return "Lambda layers carry no rights of their own (the AWS CLI layer of CDK's upload function) and CloudFormation names them.";
      if (resource.endsWith(':log-group:*')) return 'logs:DescribeLogGroups has no resource-level permission.';
      if (resource.includes(':cloudformation:')) return "A stack's ARN ends with CloudFormation's own id, and its change sets are named by the CLI.";
      return "CloudFormation names a team stack's roles, functions and log groups <stack>-<logical id>-<suffix>: they are reached by the stack's name only.";
    };
    // cdk-nag judges what a statement allows: the Deny statements' wildcards are not findings.
    const statementsOf = (document: PolicyDocument) =>
      (document.toJSON() as { Statement: Array<{ Effect: string; Resource: string | string[] }> }).Statement.filter((statement) => statement.Effect === 'Allow');
    for (const [construct, document] of documents) {
      const wildcards = new Set(statementsOf(document).flatMap((statement) => [statement.Resource].flat().filter((resource) => resource.includes('*'))));
      acknowledge(construct, ...[...wildcards].map((resource) => ({ id: `AwsSolutions-IAM5[Resource::${resource}]`, reason: reasonFor(resource) })));
    }
  }
}
