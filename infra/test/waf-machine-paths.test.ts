/**
 * Issue 41, item 7: the WAF on the paths machines call. The common rule set's no-User-Agent, body-size
 * and body rules (script, file inclusion, metadata address) must not refuse Stripe's webhook, Daraja's
 * callbacks or a browser's error report with a stack trace; whatever the rule set still blocks there
 * raises an alarm.
 */
import { Template } from 'aws-cdk-lib/assertions';
import { CLIENT_EVENTS_PATH } from '@kesho/operations/client-events';
import { MACHINE_PATH_COUNTED_RULES, MACHINE_PATHS, MACHINE_PATHS_RULE_METRIC, WEB_ACL_NAME } from '../lib/edge-stack';
import { buildTestApp } from './support/test-app';
import { matchesPath, type WafStatement } from './support/waf';

interface ManagedRule {
  Name: string;
  Statement: { ManagedRuleGroupStatement?: { Name: string; ScopeDownStatement: WafStatement; RuleActionOverrides: { Name: string; ActionToUse: Record<string, object> }[] } };
  VisibilityConfig: { MetricName: string };
}

const { stacks } = buildTestApp({ context: { alarmEmail: 'ops@example.org', distributionId: 'E2ABCDEF123456', siteDir: '/nonexistent' } });
const rules = (Object.values(Template.fromStack(stacks.edge).findResources('AWS::WAFv2::WebACL'))[0] as { Properties: { Rules: ManagedRule[] } }).Properties.Rules;
const commonSets = rules.filter((rule) => rule.Statement.ManagedRuleGroupStatement?.Name === 'AWSManagedRulesCommonRuleSet');
const people = commonSets.find((rule) => rule.Name === 'aws-common-rule-set');
const machines = commonSets.find((rule) => rule.Name === 'aws-common-rule-set-machine-paths');

const MACHINE_REQUESTS = ['/api/stripe-webhook', '/api/mpesa/callback/3f2a9c1e0b7d4e6f', CLIENT_EVENTS_PATH];
const PEOPLE_REQUESTS = ['/', '/faq', '/api/create-payment', '/api/mpesa-payment', '/api/enquiries', '/api/client-events/x', '/api/stripe-webhook-x'];

test("each request meets the common rule set exactly once: the full set on people's paths, the machines' own on theirs", () => {
  expect(commonSets).toHaveLength(2);
  const scope = (rule: ManagedRule | undefined) => rule?.Statement.ManagedRuleGroupStatement?.ScopeDownStatement as WafStatement;
  for (const path of MACHINE_REQUESTS)
    expect({ path, people: matchesPath(scope(people), path), machines: matchesPath(scope(machines), path) }).toEqual({ path, people: false, machines: true });
  for (const path of PEOPLE_REQUESTS)
    expect({ path, people: matchesPath(scope(people), path), machines: matchesPath(scope(machines), path) }).toEqual({ path, people: true, machines: false });
  expect(MACHINE_PATHS.map((entry) => entry.path)).toEqual(['/api/stripe-webhook', '/api/mpesa/callback/', CLIENT_EVENTS_PATH]);
});

test("on the machines' paths, no User-Agent, body size and the body rules a stack trace or a payload trips only count", () => {
  const overrides = machines?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides ?? [];
  expect(overrides.map((override) => override.Name).sort()).toEqual([...MACHINE_PATH_COUNTED_RULES].sort());
  for (const name of ['NoUserAgent_HEADER', 'CrossSiteScripting_BODY', 'GenericLFI_BODY', 'SizeRestrictions_BODY']) expect(MACHINE_PATH_COUNTED_RULES).toContain(name);
  for (const override of overrides) expect(override.ActionToUse).toEqual({ Count: {} });
  // People's paths keep the rule set blocking (only the 8 KB body rule counts, as before).
  expect(people?.Statement.ManagedRuleGroupStatement?.RuleActionOverrides).toEqual([{ Name: 'SizeRestrictions_BODY', ActionToUse: { Count: {} } }]);
  expect(machines?.VisibilityConfig.MetricName).toBe(MACHINE_PATHS_RULE_METRIC);
});

test('any block left on those paths raises kesho-waf-machine-path-blocks in us-east-1', () => {
  const edgeAlarms = stacks.edgeAlarms;
  if (!edgeAlarms) throw new Error('no us-east-1 alarm stack');
  Template.fromStack(edgeAlarms).hasResourceProperties('AWS::CloudWatch::Alarm', {
    AlarmName: 'kesho-waf-machine-path-blocks',
    Namespace: 'AWS/WAFV2',
    MetricName: 'BlockedRequests',
    Dimensions: [
      { Name: 'Rule', Value: MACHINE_PATHS_RULE_METRIC },
      { Name: 'WebACL', Value: WEB_ACL_NAME },
    ],
    Statistic: 'Sum',
    Threshold: 1,
    ComparisonOperator: 'GreaterThanOrEqualToThreshold',
  });
});
