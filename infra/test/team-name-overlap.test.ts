/**
 * Issue 41, item 10: a team's `<stack>-*` patterns (its execution role's and boundary's roles,
 * functions and log groups) must not reach another team's stack. KeshoRemote-blog-* matches
 * KeshoRemote-blog-extra-…, so such a pair of names is refused.
 */
import { DEPLOYING_TEAMS, overlappingTeams } from '../lib/team-deploy';

test("a remote named after another plus a dash is refused, naming both; the committed teams don't overlap", () => {
  expect(overlappingTeams(['shell', 'blog', 'blog-extra', 'legal'])).toEqual(["blog-extra (KeshoRemote-blog-extra) lies under blog's pattern KeshoRemote-blog-*"]);
  expect(overlappingTeams(['blog', 'blogextra', 'shell'])).toEqual([]);
  expect(overlappingTeams(DEPLOYING_TEAMS)).toEqual([]);
});
