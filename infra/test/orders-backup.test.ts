/**
 * The orders table's AWS Backup: a vault that refuses early deletion, daily backups for a month and
 * monthly ones for the six years Kenya's tax records are kept, the table (and nothing else) selected,
 * and an alarm on failed jobs.
 */
import { Match, Template } from 'aws-cdk-lib/assertions';
import { ORDERS_BACKUP_ALARM_NAME, ORDERS_BACKUP_PLAN_NAME, ORDERS_BACKUP_RETENTION_DAYS, ORDERS_BACKUP_VAULT_NAME, ORDERS_DAILY_BACKUP_RETENTION_DAYS } from '../lib/payments/orders-backup';
import { buildTestApp } from './support/test-app';

const { stacks } = buildTestApp();
const payments = Template.fromStack(stacks.payments);
const ordersTableId = stacks.payments.getLogicalId(stacks.payments.ordersTable.node.defaultChild as never);

describe("the orders table's backups", () => {
  test('the retention covers five years after the end of a reporting period (up to a year after the order)', () => {
    expect(ORDERS_BACKUP_RETENTION_DAYS).toBeGreaterThanOrEqual(5 * 365 + 365 + 1);
    expect(ORDERS_BACKUP_RETENTION_DAYS).toBeLessThan(7 * 365);
  });

  test('a retained vault of its own that refuses the early deletion of any recovery point', () => {
    payments.hasResource('AWS::Backup::BackupVault', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: Match.objectLike({
        BackupVaultName: ORDERS_BACKUP_VAULT_NAME,
        AccessPolicy: Match.objectLike({
          Statement: Match.arrayWith([
            Match.objectLike({ Effect: 'Deny', Principal: { AWS: '*' }, Action: Match.arrayWith(['backup:DeleteRecoveryPoint', 'backup:UpdateRecoveryPointLifecycle']) }),
          ]),
        }),
      }),
    });
  });

  test('a daily backup kept a month and a monthly one kept six years, both in that vault', () => {
    const plans = Object.values(payments.findResources('AWS::Backup::BackupPlan')) as Array<{
      Properties: { BackupPlan: { BackupPlanName: string; BackupPlanRule: Array<Record<string, unknown>> } };
    }>;
    expect(plans).toHaveLength(1);
    const plan = plans[0]?.Properties.BackupPlan;
    expect(plan?.BackupPlanName).toBe(ORDERS_BACKUP_PLAN_NAME);
    const rules = Object.fromEntries((plan?.BackupPlanRule ?? []).map((rule) => [rule.RuleName, rule]));
    expect(Object.keys(rules).sort()).toEqual(['daily', 'monthly-tax-records']);
    expect(rules.daily).toMatchObject({ ScheduleExpression: 'cron(0 2 * * ? *)', Lifecycle: { DeleteAfterDays: ORDERS_DAILY_BACKUP_RETENTION_DAYS } });
    expect(rules['monthly-tax-records']).toMatchObject({ ScheduleExpression: 'cron(0 3 1 * ? *)', Lifecycle: { DeleteAfterDays: ORDERS_BACKUP_RETENTION_DAYS } });
    for (const rule of plan?.BackupPlanRule ?? []) expect(JSON.stringify(rule.TargetBackupVault)).toContain('OrdersBackupVault');
  });

  test('selects the orders table and nothing else, with a role that may back it up and restore it', () => {
    const selections = Object.values(payments.findResources('AWS::Backup::BackupSelection')) as Array<{ Properties: { BackupSelection: { Resources: unknown[]; IamRoleArn: unknown } } }>;
    expect(selections).toHaveLength(1);
    expect(selections[0]?.Properties.BackupSelection.Resources).toEqual([{ 'Fn::GetAtt': [ordersTableId, 'Arn'] }]);
    payments.hasResourceProperties('AWS::IAM::Role', {
      AssumeRolePolicyDocument: Match.objectLike({ Statement: [Match.objectLike({ Principal: { Service: 'backup.amazonaws.com' } })] }),
      ManagedPolicyArns: Match.arrayWith([
        Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([':iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup'])] }),
        Match.objectLike({ 'Fn::Join': ['', Match.arrayWith([':iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores'])] }),
      ]),
    });
  });

  test('a failed or expired backup job of the vault raises kesho-orders-backup-failed on the alarm topic', () => {
    payments.hasResourceProperties('AWS::CloudWatch::Alarm', {
      AlarmName: ORDERS_BACKUP_ALARM_NAME,
      Threshold: 1,
      ComparisonOperator: 'GreaterThanOrEqualToThreshold',
      TreatMissingData: 'notBreaching',
      AlarmActions: [Match.stringLikeRegexp(':kesho-alarms$')],
      Metrics: Match.arrayWith([
        Match.objectLike({ Expression: 'FILL(failed, 0) + FILL(expired, 0)' }),
        Match.objectLike({
          Id: 'failed',
          MetricStat: Match.objectLike({
            Metric: { Namespace: 'AWS/Backup', MetricName: 'NumberOfBackupJobsFailed', Dimensions: [{ Name: 'BackupVaultName', Value: ORDERS_BACKUP_VAULT_NAME }] },
          }),
        }),
        Match.objectLike({ Id: 'expired', MetricStat: Match.objectLike({ Metric: Match.objectLike({ MetricName: 'NumberOfBackupJobsExpired' }) }) }),
      ]),
    });
  });
});
