/**
 * The payment functions, one per deployed entry of @kesho/operations/functions (the sandboxes' are local
 * only), each as its entry says: memory, timeout, architecture, X-Ray active tracing (Powertools Tracer
 * inside: lambdas/src/clients/tracing.ts) or none, a fixed name, whom it may invoke; a log group each,
 * bundled by the one set of esbuild options, with the environment every handler's configuration reads
 * and the secrets and Daraja settings of its own.
 */
import path from 'node:path';
import { Duration, RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { Architecture, Tracing } from 'aws-cdk-lib/aws-lambda';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { DEPLOYED_FUNCTIONS, secretsOf, type DeployedFunction, type DeployedFunctionName } from '@kesho/operations/functions';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { LAMBDA_FUNCTION_BASE, PAYMENT_HANDLER_BUNDLING } from '../lambda-bundling';
import {
  acknowledge,
  arnToken,
  BASIC_EXECUTION_REASON,
  LAMBDA_BASIC_EXECUTION_ROLE,
  onFailureDestinationReason,
  SERVERLESS_RULES,
  synchronousOnlyReason,
  WILDCARD_RESOURCE,
  XRAY_REASON,
} from '../nag';
import { MAIL_CONFIGURATION_SET_NAME } from './mail-events';
import type { MailSettings } from './mail-identity';
import type { PaymentSecrets } from './payment-secrets';

/** The deployed functions: the API's handlers, plus the three that only events start. */
export type PaymentHandlerName = DeployedFunctionName;

const ARCHITECTURES: Readonly<Record<DeployedFunction['architecture'], Architecture>> = { arm64: Architecture.ARM_64 };

export interface MpesaSettings {
  readonly shortcode: string;
  readonly baseUrl: string;
  /** Shillings per US dollar charged to M-Pesa payers (KES_PER_USD), at most two decimals. */
  readonly kesPerUsd: string;
  /** The day ops set the rate (KES_RATE_DATE, YYYY-MM-DD), shown to the payer. */
  readonly rateDate: string;
}

export interface PaymentFunctionsProps {
  /** Folder of the handler sources, one `<name>.ts` per deployed function (lambdas/src/handlers). */
  readonly handlersDir: string;
  readonly publicSiteUrl: string;
  readonly ordersTableName: string;
  readonly mail: MailSettings;
  /** Unset: M-Pesa is off, and no function is told of Daraja. */
  readonly mpesa?: MpesaSettings;
  readonly secrets: PaymentSecrets;
}

const UNTRACED_REASON = "Visitors' beacons: a trace per beacon would cost more than the beacon and show nobody waiting (its handler carries no tracer).";
const RECONCILE_FAILURE_REASON =
  "Run by its schedule every 5 minutes with no retry: a failed run is the next run's work (the orders it left stay pending, the receipts due), so there is no event to keep; its Errors alarm and kesho-reconciliation-silent watch it.";
/** The functions invoked asynchronously, and where their failures go instead of a dead-letter queue; every other one is an API route's. */
const ASYNC_FAILURE_REASONS: Partial<Readonly<Record<PaymentHandlerName, string>>> = {
  'fulfil-order': onFailureDestinationReason('FulfilmentFailures'),
  'reconcile-orders': RECONCILE_FAILURE_REASON,
  'mail-events': onFailureDestinationReason('MailEventFailures, also the dead-letter queue of its EventBridge rule,'),
};

export const toPascalCase = (kebab: string): string => kebab.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());

export class PaymentFunctions {
  readonly byName: Readonly<Record<PaymentHandlerName, NodejsFunction>>;

  /** Built in the stack's own scope: each function, role and log group keeps its logical id. */
  constructor(stack: Stack, props: PaymentFunctionsProps) {
    const fixedNameOf = (name: PaymentHandlerName) => `${stack.stackName}-${name}`;
    const environment = {
      PUBLIC_SITE_URL: props.publicSiteUrl,
      ORDERS_TABLE: props.ordersTableName,
      // A literal, not a reference: fulfil-order's own configuration needs it too (no self-reference).
      FULFIL_ORDER_FUNCTION_NAME: fixedNameOf('fulfil-order'),
      // Every handler loads the one configuration, which requires SES in production.
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: props.mail.from,
      SUPPORT_EMAIL: props.mail.supportEmail,
      // Every send names it, so SES publishes the message's delivery, bounce, complaint and reject events (mail-events.ts).
      SES_CONFIGURATION_SET: MAIL_CONFIGURATION_SET_NAME,
      // Written by the distribution's viewer-request function (functions/build-choice/viewer-functions.ts) over anything the visitor sent.
      CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER,
    };
    const darajaSettings = props.mpesa
      ? {
          DARAJA_SHORTCODE: props.mpesa.shortcode,
          DARAJA_BASE_URL: props.mpesa.baseUrl,
          // Ops' KES rate: charged by mpesa-payment and shown on /payment through GET /api/mpesa-payment.
          KES_PER_USD: props.mpesa.kesPerUsd,
          KES_RATE_DATE: props.mpesa.rateDate,
        }
      : {};

    const handler = (name: PaymentHandlerName, spec: DeployedFunction) => {
      const fn = new NodejsFunction(stack, toPascalCase(name), {
        ...(spec.fixedName ? { functionName: fixedNameOf(name) } : {}),
        description: `Kesho payments: ${name}`,
        entry: path.join(props.handlersDir, `${name}.ts`),
        memorySize: spec.memoryMb,
        timeout: Duration.seconds(spec.timeoutSeconds),
        logGroup: new LogGroup(stack, `${toPascalCase(name)}Logs`, {
          retention: RetentionDays.THREE_MONTHS,
          removalPolicy: RemovalPolicy.RETAIN,
        }),
        // POWERTOOLS_SERVICE_NAME: the Tracer's service annotation (lambdas/src/clients/tracing.ts) is the function's name.
        environment: { ...environment, NODE_OPTIONS: '--enable-source-maps', POWERTOOLS_SERVICE_NAME: name },
        ...LAMBDA_FUNCTION_BASE,
        architecture: ARCHITECTURES[spec.architecture],
        ...(spec.tracing ? {} : { tracing: Tracing.DISABLED }),
        bundling: PAYMENT_HANDLER_BUNDLING,
      });
      props.secrets.give(name, fn);
      // Whoever reads Daraja's credentials talks to Daraja: its shortcode, origin and ops' KES rate.
      if (secretsOf(name).includes('darajaCredentials')) for (const [key, value] of Object.entries(darajaSettings)) fn.addEnvironment(key, value);
      return fn;
    };

    this.byName = Object.fromEntries(DEPLOYED_FUNCTIONS.map(([name, spec]) => [name, handler(name, spec)])) as Record<PaymentHandlerName, NodejsFunction>;
    for (const [name, spec] of DEPLOYED_FUNCTIONS) for (const callee of spec.invokes ?? []) this.byName[callee as PaymentHandlerName].grantInvoke(this.byName[name]);
  }

  acknowledgeFindings(): void {
    for (const [name, spec] of DEPLOYED_FUNCTIONS) {
      const fn = this.byName[name];
      acknowledge(fn, { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON });
      // Untraced functions are given no xray:* on "*", so there is nothing to acknowledge.
      if (spec.tracing) acknowledge(fn, { id: WILDCARD_RESOURCE, reason: XRAY_REASON });
      else acknowledge(fn, { id: SERVERLESS_RULES.lambdaTracing, reason: UNTRACED_REASON });
      acknowledge(fn, { id: SERVERLESS_RULES.lambdaDlq, reason: ASYNC_FAILURE_REASONS[name] ?? synchronousOnlyReason("API Gateway, the API's routes") });
      for (const callee of spec.invokes ?? [])
        acknowledge(fn, {
          id: `AwsSolutions-IAM5[Resource::${arnToken(this.byName[callee as PaymentHandlerName])}:*]`,
          reason: `grantInvoke covers ${callee} and its versions/aliases ("<arn>:*"); ${name} can invoke nothing else.`,
        });
    }
    // Its schedule's run is not retried: no destination either (the next run does the same work).
    acknowledge(this.byName['reconcile-orders'], { id: SERVERLESS_RULES.lambdaAsyncFailureDestination, reason: RECONCILE_FAILURE_REASON });
  }
}
