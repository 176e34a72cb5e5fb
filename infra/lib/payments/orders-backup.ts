/**
 * AWS Backup of the orders table, the business's accounting record. Point-in-time recovery (the
 * table's own, 35 days) undoes a bad write of this month; these backups keep the records for as long
 * as Kenya's Tax Procedures Act asks: five years from the end of the reporting period a record belongs
 * to, so up to six years after an order (an order of January is in a period that ends in December).
 *
 * - every day, kept 35 days (a restore of any day of the last month, beside PITR's any second);
 * - on the first of every month, kept ORDERS_BACKUP_RETENTION_DAYS (six years): every paid order is
 *   in the monthly backups of the six years that follow it, whatever later happens to the table.
 *
 * The vault `kesho-orders` is retained with the stack and refuses every early deletion of a recovery
 * point (`backup:DeleteRecoveryPoint`, `UpdateRecoveryPointLifecycle`), so a backup leaves only when
 * its lifecycle says. A failed or expired backup job raises `kesho-orders-backup-failed`.
 * infra/RUNBOOK.md ("The orders table's backups") has the restore drill.
 */
import { Duration, RemovalPolicy } from 'aws-cdk-lib';
import { BackupPlan, BackupPlanRule, BackupResource, BackupVault } from 'aws-cdk-lib/aws-backup';
import { Alarm, ComparisonOperator, MathExpression, Metric, TreatMissingData } from 'aws-cdk-lib/aws-cloudwatch';
import { Schedule } from 'aws-cdk-lib/aws-events';
import type { ITable } from 'aws-cdk-lib/aws-dynamodb';
import { Role, type IRole } from 'aws-cdk-lib/aws-iam';
import { Construct } from 'constructs';
import { alarmTopic, notify } from '../alarms';
import { acknowledge } from '../nag';

export const ORDERS_BACKUP_VAULT_NAME = 'kesho-orders';
export const ORDERS_BACKUP_PLAN_NAME = 'kesho-orders';
/** Five years after the end of a reporting period of at most a year: six years, in days (two leap days). */
export const ORDERS_BACKUP_RETENTION_DAYS = 6 * 365 + 2;
/** The daily backups: the last month, day by day. */
export const ORDERS_DAILY_BACKUP_RETENTION_DAYS = 35;
export const ORDERS_BACKUP_ALARM_NAME = 'kesho-orders-backup-failed';

export interface OrdersBackupProps {
  readonly table: ITable;
}

export class OrdersBackup extends Construct {
  readonly vault: BackupVault;
  readonly plan: BackupPlan;
  /** AWS Backup's role for the table: backs it up, and restores it in the drill. */
  readonly restoreRole: IRole;
  /** Notifies kesho-alarms. */
  readonly failedJobs: Alarm;

  constructor(scope: Construct, id: string, props: OrdersBackupProps) {
    super(scope, id);
    this.vault = new BackupVault(this, 'Vault', {
      backupVaultName: ORDERS_BACKUP_VAULT_NAME,
      removalPolicy: RemovalPolicy.RETAIN,
      // Nobody deletes an accounting backup before its lifecycle does, not even an administrator by mistake.
      blockRecoveryPointDeletion: true,
    });
    this.plan = new BackupPlan(this, 'Plan', { backupPlanName: ORDERS_BACKUP_PLAN_NAME, backupVault: this.vault });
    // 02:00 and 03:00 UTC (05:00 and 06:00 in Nairobi): the quietest hours of the site.
    this.plan.addRule(
      new BackupPlanRule({
        ruleName: 'daily',
        scheduleExpression: Schedule.cron({ minute: '0', hour: '2' }),
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(4),
        deleteAfter: Duration.days(ORDERS_DAILY_BACKUP_RETENTION_DAYS),
      }),
    );
    this.plan.addRule(
      new BackupPlanRule({
        ruleName: 'monthly-tax-records',
        scheduleExpression: Schedule.cron({ minute: '0', hour: '3', day: '1' }),
        startWindow: Duration.hours(1),
        completionWindow: Duration.hours(4),
        deleteAfter: Duration.days(ORDERS_BACKUP_RETENTION_DAYS),
      }),
    );
    const selection = this.plan.addSelection('OrdersTable', {
      backupSelectionName: 'orders-table',
      resources: [BackupResource.fromDynamoDbTable(props.table)],
      // The drill restores with the same role (infra/RUNBOOK.md).
      allowRestores: true,
    });
    if (!(selection.grantPrincipal instanceof Role)) throw new Error(`${selection.node.path} has no role of its own`);
    this.restoreRole = selection.grantPrincipal;
    acknowledge(selection, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForBackup]',
      reason: "AWS Backup's own role for the orders table's backups: the managed policy is what AWS Backup documents for a backup selection, and the selection names the table alone.",
    });
    acknowledge(selection, {
      id: 'AwsSolutions-IAM4[Policy::arn:<AWS::Partition>:iam::aws:policy/service-role/AWSBackupServiceRolePolicyForRestores]',
      reason: "AWS Backup's own role restores a recovery point of the orders table into a new table (the restore drill); the managed policy is what AWS Backup documents for restores.",
    });

    const jobs = (metricName: string) =>
      new Metric({ namespace: 'AWS/Backup', metricName, dimensionsMap: { BackupVaultName: ORDERS_BACKUP_VAULT_NAME }, statistic: 'Sum', period: Duration.hours(1) });
    this.failedJobs = new Alarm(this, 'FailedJobs', {
      alarmName: ORDERS_BACKUP_ALARM_NAME,
      alarmDescription: 'A backup job of the orders table failed or expired: the accounting record may miss a backup (see infra/RUNBOOK.md, Alarms).',
      metric: new MathExpression({
        expression: 'FILL(failed, 0) + FILL(expired, 0)',
        usingMetrics: { failed: jobs('NumberOfBackupJobsFailed'), expired: jobs('NumberOfBackupJobsExpired') },
        label: 'Orders backup jobs failed or expired',
        period: Duration.hours(1),
      }),
      threshold: 1,
      evaluationPeriods: 1,
      comparisonOperator: ComparisonOperator.GREATER_THAN_OR_EQUAL_TO_THRESHOLD,
      treatMissingData: TreatMissingData.NOT_BREACHING,
    });
    notify(this.failedJobs, alarmTopic(this, 'AlarmTopic'));
  }
}
