/**
 * The payment backend, one module of lib/payments/ per concern: the orders table and who may do what
 * in it (orders-table.ts), the secrets and who may read which (payment-secrets.ts), the SES identity
 * and who may send (mail-identity.ts), the ten functions (payment-functions.ts), fulfilment's retries,
 * failure queue and the reconciliation schedule (fulfilment.ts), and the HTTP API (payments-api.ts).
 *
 * Each module builds into this stack's own scope rather than into a child construct: a construct's
 * path is its resources' logical ids, and a new level in it would make CloudFormation replace the
 * retained orders table (a new, empty table), the fixed-name secrets (a name clash) and every
 * function. The stack's outputs are written here, in one list for ops.
 */
import { CfnOutput, Stack, type StackProps } from 'aws-cdk-lib';
import type { HttpApi, HttpStage } from 'aws-cdk-lib/aws-apigatewayv2';
import type { Table } from 'aws-cdk-lib/aws-dynamodb';
import type { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import type { ILogGroup } from 'aws-cdk-lib/aws-logs';
import type { EmailIdentity } from 'aws-cdk-lib/aws-ses';
import type { Queue } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { SavedLogQueries } from './log-queries';
import { Fulfilment } from './payments/fulfilment';
import { MailEvents } from './payments/mail-events';
import { MailIdentity, type MailSettings } from './payments/mail-identity';
import { OrdersBackup } from './payments/orders-backup';
import { OrdersTable } from './payments/orders-table';
import { PaymentFunctions, toPascalCase, type MpesaSettings, type PaymentHandlerName } from './payments/payment-functions';
import { PaymentsApi, type ApiThrottle } from './payments/payments-api';
import { PaymentSecrets } from './payments/payment-secrets';
import { SafeDeploys } from './payments/safe-deploys';

export interface PaymentsStackProps extends StackProps {
  /** Folder of the handler sources, one `<name>.ts` per deployed function (lambdas/src/handlers; the sandbox handlers are local only). */
  readonly handlersDir: string;
  /** Origin the customer returns to after checkout, e.g. https://www.keshoglobal.co.ke. */
  readonly publicSiteUrl: string;
  readonly throttle?: ApiThrottle;
  /**
   * M-Pesa through Daraja: the paybill/till number, Daraja's origin (sandbox or production) and ops'
   * KES rate. Unset: no function is given Daraja's secrets or settings, and /api/mpesa-payment answers 503 (M-Pesa switched off).
   */
  readonly mpesa?: MpesaSettings;
  readonly mail: MailSettings;
}

export class PaymentsStack extends Stack {
  readonly httpApi: HttpApi;
  /** The API's `$default` stage (per-route throttles: lib/api-limits.ts). */
  readonly apiStage: HttpStage;
  readonly apiAccessLogs: ILogGroup;
  /** Host name of the API's execute-api endpoint: the CloudFront origin of /api/*. */
  readonly apiDomainName: string;
  readonly ordersTable: Table;
  readonly functions: Readonly<Record<PaymentHandlerName, NodejsFunction>>;
  readonly mailIdentity: EmailIdentity;
  readonly fulfilmentFailures: Queue;
  /** SES events neither EventBridge nor mail-events could hand on (lib/payments/mail-events.ts). */
  readonly mailEventFailures: Queue;
  /** AWS Backup of the orders table: daily for a month, monthly for the six years tax records are kept. */
  readonly ordersBackup: OrdersBackup;
  /** The payment path's aliases, CodeDeploy canaries, their alarms and the pre-traffic check. */
  readonly safeDeploys: SafeDeploys;

  constructor(scope: Construct, id: string, props: PaymentsStackProps) {
    super(scope, id, props);
    const orders = new OrdersTable(this);
    // A construct of its own: only new resources, so the table's logical id is untouched.
    this.ordersBackup = new OrdersBackup(this, 'OrdersBackup', { table: orders.table });
    const secrets = new PaymentSecrets(this, { mpesa: props.mpesa !== undefined });
    const mail = new MailIdentity(this, props.mail);
    const functions = new PaymentFunctions(this, {
      handlersDir: props.handlersDir,
      publicSiteUrl: props.publicSiteUrl,
      ordersTableName: orders.table.tableName,
      mail: props.mail,
      ...(props.mpesa ? { mpesa: props.mpesa } : {}),
      secrets,
    });
    orders.grantAccess(functions.byName);
    mail.grantSending(functions.byName);
    const mailEvents = new MailEvents(this, { handler: functions.byName['mail-events'] });
    mailEvents.grantSending(functions.byName);
    const fulfilment = new Fulfilment(this, { fulfilOrder: functions.byName['fulfil-order'], reconcileOrders: functions.byName['reconcile-orders'] });
    // The payment path is served through its aliases, which CodeDeploy moves with a canary.
    this.safeDeploys = new SafeDeploys(this, 'SafeDeploys', { functions: functions.byName, mpesa: props.mpesa !== undefined });
    const api = new PaymentsApi(this, { functions: { ...functions.byName, ...this.safeDeploys.aliases }, ...(props.throttle ? { throttle: props.throttle } : {}) });

    this.ordersTable = orders.table;
    this.functions = functions.byName;
    this.mailIdentity = mail.identity;
    this.fulfilmentFailures = fulfilment.failures;
    this.mailEventFailures = mailEvents.failures;
    this.httpApi = api.httpApi;
    this.apiStage = api.stage;
    this.apiAccessLogs = api.accessLogs;
    this.apiDomainName = api.domainName;

    new SavedLogQueries(this, 'LogQueries', { orderLogGroups: Object.values(this.functions).map((fn) => fn.logGroup), apiAccessLogs: this.apiAccessLogs });

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'OrdersTableName', { value: this.ordersTable.tableName });
    new CfnOutput(this, 'StripeSecretKeyArn', { value: secrets.stripeSecretKey.secretArn });
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: secrets.stripeWebhookSecret.secretArn });
    new CfnOutput(this, 'NewsletterTokenSecretArn', { value: secrets.newsletterTokenSecret.secretArn });
    new CfnOutput(this, 'CreatePaymentFunctionName', { value: this.functions['create-payment'].functionName });
    new CfnOutput(this, 'PaymentsCodeDeployApplication', { value: this.safeDeploys.deploymentGroups['create-payment'].application.applicationName });
    new CfnOutput(this, 'FulfilmentFailureQueueUrl', { value: this.fulfilmentFailures.queueUrl });
    // What the restore drill names (infra/RUNBOOK.md, "The orders table's backups").
    new CfnOutput(this, 'OrdersBackupVaultName', { value: this.ordersBackup.vault.backupVaultName });
    new CfnOutput(this, 'OrdersBackupRoleArn', { value: this.ordersBackup.restoreRole.roleArn });
    mail.addOutputs(this);
    for (const [name, secret] of Object.entries(secrets.daraja))
      new CfnOutput(this, `Daraja${toPascalCase(name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`))}Arn`, { value: secret.secretArn });

    secrets.acknowledgeFindings();
    fulfilment.acknowledgeFindings();
    mailEvents.acknowledgeFindings();
    functions.acknowledgeFindings();
  }
}
