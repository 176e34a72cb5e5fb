/**
 * The names of each deploying team's stack, roles, permissions boundary and asset prefix (team-deploy.ts
 * makes the roles; ci-roles.ts lets each team's pipeline assume its deploy role), in a module of their
 * own so both read them without importing each other.
 */
import { SHELL_APP } from '@kesho/release-model/engine/release-record';
import { STACK_NAMES } from './stack-names';

/** The teams that deploy a stack of their own: ops add a team here (and deploy KeshoTeams) before its first deploy. */
export const DEPLOYING_TEAMS: readonly string[] = [SHELL_APP, 'marketing', 'commerce', 'legal'];

export const stackNameOf = (team: string): string => (team === SHELL_APP ? STACK_NAMES.shell : STACK_NAMES.remote(team));

export interface TeamDeployNames {
  readonly stackName: string;
  readonly deployRoleName: string;
  readonly executionRoleName: string;
  readonly boundaryName: string;
  /** Where the team's assets go in CDK's asset bucket. */
  readonly assetPrefix: string;
}

export function teamDeployNames(team: string): TeamDeployNames {
  if (!DEPLOYING_TEAMS.includes(team)) {
    throw new Error(`${team} has no deploy roles: ops add it to DEPLOYING_TEAMS (infra/lib/team-names.ts) and deploy KeshoTeams before its first deploy`);
  }
  return {
    stackName: stackNameOf(team),
    deployRoleName: `kesho-deploy-${team}`,
    executionRoleName: `kesho-cfn-exec-${team}`,
    boundaryName: `kesho-team-boundary-${team}`,
    assetPrefix: `${team}/`,
  };
}
