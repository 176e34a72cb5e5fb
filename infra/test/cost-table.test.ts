/**
 * Issue 41, item 9: infra/REFERENCE.md's cost table ("What it costs") counts what the synthesized app
 * holds. Each row's count is recomputed here from the templates (with an alarm address and a
 * distribution id, so every optional alarm is there) and from the metric definitions, so a new alarm,
 * secret, WAF rule or metric makes this test fail until the table says what it costs.
 */
import fs from 'node:fs';
import path from 'node:path';
import { Stack } from 'aws-cdk-lib';
import { Template } from 'aws-cdk-lib/assertions';
import { CANARY_VERDICT_METRICS, CLIENT_APPS } from '@kesho/operations/client-events';
import { BUSINESS_METRICS, PAYMENT_METHODS } from '@kesho/operations/ops-events';
import { INFRA_ROOT } from '../lib/paths';
import { buildTestApp } from './support/test-app';

type Resource = { Type: string; Properties: Record<string, unknown> };

const { app } = buildTestApp({ context: { alarmEmail: 'ops@example.org', distributionId: 'E123EXAMPLE' } });
const resources: Resource[] = app.node.children
  .filter((child): child is Stack => child instanceof Stack)
  .flatMap((stack) => Object.values(Template.fromStack(stack).toJSON().Resources as Record<string, Resource>));
const ofType = (type: string) => resources.filter((resource) => resource.Type === type);

const reference = fs.readFileSync(path.join(INFRA_ROOT, 'REFERENCE.md'), 'utf8');
const table = reference.slice(reference.indexOf('## What it costs'));
/** The count cell of the row whose first cell starts with `line`. */
const countOf = (line: string): string => {
  const row = table.split('\n').find((candidate) => candidate.startsWith(`| ${line}`));
  if (!row) throw new Error(`infra/REFERENCE.md's cost table has no row "${line}"`);
  return (row.split(' | ')[1] ?? '').trim();
};
/** The price column's dollars times the count must be the row's monthly figure. */
const monthlyOf = (line: string): number => Number((/\$([\d.]+)\s*\|\s*$/.exec(table.split('\n').find((candidate) => candidate.startsWith(`| ${line}`)) ?? '') ?? [])[1]);

describe("infra/REFERENCE.md's cost table counts the synthesized app", () => {
  test('alarm metrics: every alarm, a metric-math alarm once per metric it reads', () => {
    const alarmMetrics = ofType('AWS::CloudWatch::Alarm').reduce((sum, alarm) => {
      const metrics = alarm.Properties.Metrics as { MetricStat?: unknown }[] | undefined;
      return sum + (metrics ? metrics.filter((metric) => metric.MetricStat).length : 1);
    }, 0);
    expect(Number(countOf('CloudWatch alarm metrics'))).toBe(alarmMetrics);
    expect(monthlyOf('CloudWatch alarm metrics')).toBeCloseTo(alarmMetrics * 0.1, 2);
  });

  test('client-events series: by App for every app, by App × Build for each live build only', () => {
    expect(Number(countOf('`Kesho/ClientEvents` series by App'))).toBe(8 * CLIENT_APPS.length);
    expect(Number(countOf('`Kesho/ClientEvents` verdict series'))).toBe(Object.keys(CANARY_VERDICT_METRICS).length * CLIENT_APPS.length);
  });

  test('business series: one per metric, one per payment method where split by Method (reasons apart)', () => {
    const series = Object.values(BUSINESS_METRICS).reduce((sum, { dimensions }) => {
      const [first = []] = dimensions as readonly (readonly string[])[];
      return sum + (first.includes('Method') ? PAYMENT_METHODS.length : 1);
    }, 0);
    expect(Number(countOf('`Kesho/Business` series'))).toBe(series);
    expect(table).toContain(`(${Object.keys(BUSINESS_METRICS).length} metrics`);
  });

  test('API metric filters, WAF rules, secrets and dashboards', () => {
    expect(Number(countOf('`Kesho/Api` series'))).toBe(ofType('AWS::Logs::MetricFilter').length);
    const acls = ofType('AWS::WAFv2::WebACL');
    const rules = acls.reduce((sum, acl) => sum + (acl.Properties.Rules as unknown[]).length, 0);
    expect(countOf('WAF: the web ACL')).toBe(`${acls.length} + ${rules}`);
    expect(Number(countOf('Secrets Manager secrets'))).toBe(ofType('AWS::SecretsManager::Secret').length);
    expect(Number(countOf('the `kesho` dashboard'))).toBe(ofType('AWS::CloudWatch::Dashboard').length);
  });

  test('the fixed part is the sum of its rows', () => {
    const rows =
      table
        .split('\n\n')
        .find((block) => block.startsWith('| line |'))
        ?.split('\n')
        .slice(2) ?? [];
    const priced = rows.filter((row) => !row.startsWith('| fixed part') && /\| \$[\d.]+ \|$/.test(row));
    const sum = priced.reduce((total, row) => total + Number(/\$([\d.]+) \|$/.exec(row)?.[1]), 0);
    expect(priced.length).toBe(8);
    expect(table).toContain(`| fixed part | | | **$${sum.toFixed(2)}** |`);
  });
});
