/** The stacks' names: fixed, since ops, the teams' roles (lib/team-deploy.ts) and the README name them. */
export const STACK_NAMES = {
  payments: 'KeshoPayments',
  site: 'KeshoSite',
  shell: 'KeshoShell',
  remote: (remoteName: string) => `KeshoRemote-${remoteName}`,
  alarms: 'KeshoAlarms',
  edge: 'KeshoEdge',
  edgeAlarms: 'KeshoEdgeAlarms',
  teams: 'KeshoTeams',
} as const;
