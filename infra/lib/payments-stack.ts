/**
 * The payment backend: an HTTP API routing /api/* to the Lambda handlers of lambdas/, the orders table,
 * the Stripe secrets, the SES identity receipts are sent from, and the reconciliation schedule. Each
 * function gets only what its handler does: the web-facing functions and fulfil-order read and write
 * orders, the webhook only hands fulfilment to fulfil-order, and only the functions that send mail may:
 * the five that can make an order paid and so send its receipt (checkout-session, fulfil-order,
 * reconcile-orders, mpesa-payment, mpesa-callback) and the two forms (enquiries, subscriptions), from
 * that identity only.
 * Each function is told of, and may read, only the secrets it needs (@kesho/common/function-secrets).
 */
import path from 'node:path';
import { CfnOutput, Duration, RemovalPolicy, Stack, type StackProps } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpRoute, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import { AttributeType, BillingMode, Table, TableEncryption } from 'aws-cdk-lib/aws-dynamodb';
import { Rule, Schedule } from 'aws-cdk-lib/aws-events';
import { LambdaFunction } from 'aws-cdk-lib/aws-events-targets';
import { Architecture, Runtime, Tracing } from 'aws-cdk-lib/aws-lambda';
import { SqsDestination } from 'aws-cdk-lib/aws-lambda-destinations';
import { NodejsFunction } from 'aws-cdk-lib/aws-lambda-nodejs';
import { LAMBDA_BUNDLING, LAMBDA_PROJECT } from './lambda-bundling';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { Secret } from 'aws-cdk-lib/aws-secretsmanager';
import { EmailIdentity, Identity } from 'aws-cdk-lib/aws-ses';
import { Queue, QueueEncryption } from 'aws-cdk-lib/aws-sqs';
import type { Construct } from 'constructs';
import { API_ROUTES, type ApiHandlerName } from '@kesho/common/api-routes';
import { SECRET_VARIABLES, secretsOf, type FunctionSecret } from '@kesho/common/function-secrets';
import { VIEWER_ADDRESS_HEADER } from '@kesho/common/viewer-address';
import { acknowledge, arnToken, BASIC_EXECUTION_REASON, LAMBDA_BASIC_EXECUTION_ROLE, WILDCARD_RESOURCE, XRAY_REASON } from './nag';

export interface ApiThrottle {
  /** Steady-state requests per second for the whole API. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export interface PaymentsStackProps extends StackProps {
  /** Folder of the handler sources, one `<name>.ts` per deployed function (lambdas/src/handlers; the sandbox handlers are local only). */
  readonly handlersDir: string;
  /** Origin the customer returns to after checkout, e.g. https://www.keshoglobal.co.ke. */
  readonly publicSiteUrl: string;
  readonly throttle?: ApiThrottle;
  /**
   * M-Pesa through Daraja: the paybill/till number and Daraja's origin (sandbox or production).
   * Unset: no Daraja secrets are made and /api/mpesa-payment answers 503 (M-Pesa switched off).
   */
  readonly mpesa?: { readonly shortcode: string; readonly baseUrl: string; readonly kesPerUsd: string; readonly rateDate: string };
  readonly mail: MailSettings;
}

export interface MailSettings {
  /** The SES identity mail is sent from: a domain (`keshoglobal.co.ke`) or one address. */
  readonly identity: string;
  /** The From header; its address must belong to the identity. */
  readonly from: string;
  /** Receives receipt copies and enquiries. */
  readonly supportEmail: string;
}

/** How often pending orders are re-read from Stripe and due receipts sent (lambdas/src/orders/reconcile.ts). */
export const RECONCILE_EVERY = Duration.minutes(5);

export const DEFAULT_API_THROTTLE: ApiThrottle = { rateLimit: 25, burstLimit: 50 };
export const STRIPE_SECRET_KEY_NAME = 'kesho/stripe/secret-key';
export const STRIPE_WEBHOOK_SECRET_NAME = 'kesho/stripe/webhook-signing-secret';

export const NEWSLETTER_TOKEN_SECRET_NAME = 'kesho/newsletter/token-secret';
/**
 * The public forms get a tighter throttle than the payment routes: a person sends one enquiry, and a
 * flood should meet API Gateway's 429 before it reaches the handlers' own per-address limits.
 */
export const LEAD_ROUTE_THROTTLE: ApiThrottle = { rateLimit: 5, burstLimit: 10 };
export const DARAJA_SECRET_NAMES = {
  consumerKey: 'kesho/mpesa/consumer-key',
  consumerSecret: 'kesho/mpesa/consumer-secret',
  passkey: 'kesho/mpesa/passkey',
} as const;

/** The API's routes (@kesho/common/api-routes, which the local runtime serves too), one per method as API Gateway keys them. */
export const DEPLOYED_ROUTES: readonly { readonly method: HttpMethod; readonly path: string; readonly handler: ApiHandlerName }[] = API_ROUTES.flatMap((route) =>
  route.methods.map((method) => ({ method: HttpMethod[method], path: route.path, handler: route.handler })),
);

/** The contact and newsletter forms: throttled tighter than the other routes (lib/api-limits.ts). */
export const LEAD_HANDLERS: ReadonlySet<HandlerName> = new Set(['enquiries', 'subscriptions']);

type HandlerName = ApiHandlerName | 'fulfil-order' | 'reconcile-orders';

export class PaymentsStack extends Stack {
  readonly httpApi: HttpApi;
  /** Host name of the API's execute-api endpoint: the CloudFront origin of /api/*. */
  readonly apiDomainName: string;
  readonly ordersTable: Table;
  readonly functions: Readonly<Record<HandlerName, NodejsFunction>>;
  readonly mailIdentity: EmailIdentity;

  constructor(scope: Construct, id: string, props: PaymentsStackProps) {
    super(scope, id, props);

    this.ordersTable = new Table(this, 'Orders', {
      // Matches lambdas/src/orders/store.ts: partition key "pk" ("order#INV-…"), no sort key.
      partitionKey: { name: 'pk', type: AttributeType.STRING },
      billingMode: BillingMode.PAY_PER_REQUEST,
      pointInTimeRecoverySpecification: { pointInTimeRecoveryEnabled: true },
      // Items that carry `expiresAt` (epoch seconds: unpaid orders after 30 days, enquiries after a year,
      // unconfirmed sign-ups after 7 days, rate-limit counters after their hour) are deleted by DynamoDB.
      timeToLiveAttribute: 'expiresAt',
      encryption: TableEncryption.AWS_MANAGED,
      deletionProtection: true,
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Created with a random placeholder value (CloudFormation cannot create an empty secret); ops put
    // the real values once with `aws secretsmanager put-secret-value` and stack updates never touch them.
    const stripeSecretKey = new Secret(this, 'StripeSecretKey', {
      secretName: STRIPE_SECRET_KEY_NAME,
      description: 'Stripe secret API key (sk_live_… or a restricted rk_live_… key), set by ops',
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const stripeWebhookSecret = new Secret(this, 'StripeWebhookSecret', {
      secretName: STRIPE_WEBHOOK_SECRET_NAME,
      description: 'Signing secret (whsec_…) of the Stripe webhook endpoint /api/stripe-webhook, set by ops',
      removalPolicy: RemovalPolicy.RETAIN,
    });

    const newsletterTokenSecret = new Secret(this, 'NewsletterTokenSecret', {
      secretName: NEWSLETTER_TOKEN_SECRET_NAME,
      description: 'HMAC key of the newsletter confirm/unsubscribe links (generated; rotating it voids links already sent)',
      generateSecretString: { passwordLength: 64, excludePunctuation: true },
      removalPolicy: RemovalPolicy.RETAIN,
    });

    // Same lifecycle as Stripe's: placeholders made here, the real values put once by ops.
    const darajaSecrets = props.mpesa
      ? {
          consumerKey: new Secret(this, 'DarajaConsumerKey', {
            secretName: DARAJA_SECRET_NAMES.consumerKey,
            description: 'Daraja app consumer key, set by ops',
            removalPolicy: RemovalPolicy.RETAIN,
          }),
          consumerSecret: new Secret(this, 'DarajaConsumerSecret', {
            secretName: DARAJA_SECRET_NAMES.consumerSecret,
            description: 'Daraja app consumer secret, set by ops',
            removalPolicy: RemovalPolicy.RETAIN,
          }),
          passkey: new Secret(this, 'DarajaPasskey', {
            secretName: DARAJA_SECRET_NAMES.passkey,
            description: 'Lipa na M-Pesa Online passkey of the shortcode, set by ops',
            removalPolicy: RemovalPolicy.RETAIN,
          }),
        }
      : null;
    // A domain identity is verified by the DKIM records in the outputs; an address by SES's e-mail to it.
    this.mailIdentity = new EmailIdentity(this, 'MailIdentity', {
      identity: props.mail.identity.includes('@') ? Identity.email(props.mail.identity) : Identity.domain(props.mail.identity),
    });

    const fulfilOrderFunctionName = `${this.stackName}-fulfil-order`;
    const environment = {
      PUBLIC_SITE_URL: props.publicSiteUrl,
      ORDERS_TABLE: this.ordersTable.tableName,
      // A literal, not a reference: fulfil-order's own configuration needs it too (no self-reference).
      FULFIL_ORDER_FUNCTION_NAME: fulfilOrderFunctionName,
      // Every handler loads the one configuration, which requires SES in production.
      MAIL_TRANSPORT: 'ses',
      MAIL_FROM: props.mail.from,
      SUPPORT_EMAIL: props.mail.supportEmail,
      // Written by the distribution's viewer-request function (route-rewrite.js) over anything the visitor sent.
      CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER,
    };
    // Each secret kind of @kesho/common/function-secrets, as the secrets that hold it, in the order of
    // its variables there. Without M-Pesa there are no Daraja secrets, and M-Pesa answers 503.
    const secretsHolding: Readonly<Record<FunctionSecret, readonly Secret[]>> = {
      stripeSecretKey: [stripeSecretKey],
      stripeWebhookSecret: [stripeWebhookSecret],
      newsletterTokenSecret: [newsletterTokenSecret],
      darajaCredentials: darajaSecrets ? [darajaSecrets.consumerKey, darajaSecrets.consumerSecret, darajaSecrets.passkey] : [],
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
    /** A function's own secrets: their ARNs in its environment, and read access to those alone. */
    const giveSecrets = (name: HandlerName, fn: NodejsFunction) => {
      for (const kind of secretsOf(name)) {
        secretsHolding[kind].forEach((secret, index) => {
          const variables = SECRET_VARIABLES[kind][index];
          if (!variables) throw new Error(`@kesho/common/function-secrets names no variable for secret ${index + 1} of ${kind}`);
          fn.addEnvironment(variables.arn, secret.secretArn);
          secret.grantRead(fn);
        });
        if (kind === 'darajaCredentials') for (const [key, value] of Object.entries(darajaSettings)) fn.addEnvironment(key, value);
      }
    };

    const handler = (name: HandlerName, options: { timeout: Duration; functionName?: string }) => {
      const fn = new NodejsFunction(this, toPascalCase(name), {
        ...(options.functionName ? { functionName: options.functionName } : {}),
        description: `Kesho payments: ${name}`,
        entry: path.join(props.handlersDir, `${name}.ts`),
        handler: 'handler',
        runtime: Runtime.NODEJS_24_X,
        architecture: Architecture.ARM_64,
        memorySize: 512,
        timeout: options.timeout,
        tracing: Tracing.ACTIVE,
        logGroup: new LogGroup(this, `${toPascalCase(name)}Logs`, {
          retention: RetentionDays.THREE_MONTHS,
          removalPolicy: RemovalPolicy.RETAIN,
        }),
        environment: { ...environment, NODE_OPTIONS: '--enable-source-maps' },
        ...LAMBDA_PROJECT,
        bundling: {
          ...LAMBDA_BUNDLING,
          // The pinned SDK clients of lambdas/package.json, not whichever the runtime happens to ship.
          bundleAwsSDK: true,
        },
      });
      giveSecrets(name, fn);
      return fn;
    };

    const apiTimeout = { timeout: Duration.seconds(15) };
    const createPayment = handler('create-payment', apiTimeout);
    const checkoutSession = handler('checkout-session', apiTimeout);
    const stripeWebhook = handler('stripe-webhook', apiTimeout);
    const fulfilOrder = handler('fulfil-order', { timeout: Duration.seconds(60), functionName: fulfilOrderFunctionName });
    const enquiries = handler('enquiries', apiTimeout);
    const subscriptions = handler('subscriptions', apiTimeout);
    // Daraja's STK push and query can each take several seconds.
    const mpesaPayment = handler('mpesa-payment', { timeout: Duration.seconds(29) });
    const mpesaCallback = handler('mpesa-callback', { timeout: Duration.seconds(29) });
    // One run re-reads every pending order from Stripe (5 s per call at worst) and sends due receipts.
    const reconcileOrders = handler('reconcile-orders', { timeout: Duration.minutes(5) });
    // Reads the published pointer document (which builds are real) and writes EMF lines: nothing else.
    const clientEvents = handler('client-events', { timeout: Duration.seconds(5) });
    this.functions = {
      'create-payment': createPayment,
      'checkout-session': checkoutSession,
      'stripe-webhook': stripeWebhook,
      'fulfil-order': fulfilOrder,
      enquiries,
      subscriptions,
      'mpesa-payment': mpesaPayment,
      'mpesa-callback': mpesaCallback,
      'reconcile-orders': reconcileOrders,
      'client-events': clientEvents,
    };

    // create-payment stores the order and attaches the Checkout session; confirming (success page,
    // fulfilment, reconciliation) reads the order, changes its status with conditional updates and
    // claims the receipt's outbox record with a conditional PutItem; only the reconciliation scans.
    this.ordersTable.grant(createPayment, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    this.ordersTable.grant(checkoutSession, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
    this.ordersTable.grant(fulfilOrder, 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
    this.ordersTable.grant(reconcileOrders, 'dynamodb:Scan', 'dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem');
    fulfilOrder.grantInvoke(stripeWebhook);
    // The forms store an enquiry or a subscription, count rate limits (UpdateItem ADD) and keep their
    // mail outbox records, all with conditional writes in the same table.
    this.ordersTable.grant(enquiries, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    this.ordersTable.grant(subscriptions, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    // mpesa-payment stores order + payment + callback token and settles; the callback and the success
    // page (checkout-session, for mp_ ids) read them and record Daraja's answer with conditional updates.
    this.ordersTable.grant(mpesaPayment, 'dynamodb:PutItem', 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    this.ordersTable.grant(mpesaCallback, 'dynamodb:GetItem', 'dynamodb:UpdateItem');
    for (const sender of [checkoutSession, fulfilOrder, reconcileOrders, enquiries, subscriptions, mpesaPayment, mpesaCallback]) this.mailIdentity.grantSendEmail(sender);

    new Rule(this, 'ReconcileSchedule', {
      description: 'Settles pending orders the webhook missed and sends receipts still due',
      schedule: Schedule.rate(RECONCILE_EVERY),
      // The next run is minutes away and does the same work: no retries to pile up behind a slow one.
      targets: [new LambdaFunction(reconcileOrders, { retryAttempts: 0 })],
    });

    const fulfilmentFailures = new Queue(this, 'FulfilmentFailures', {
      encryption: QueueEncryption.SQS_MANAGED,
      enforceSSL: true,
      retentionPeriod: Duration.days(14),
    });
    fulfilOrder.configureAsyncInvoke({
      retryAttempts: 2,
      maxEventAge: Duration.hours(6),
      onFailure: new SqsDestination(fulfilmentFailures),
    });
    // The reconciliation drains the queue (lambdas/src/fulfilment/failures.ts): it alone may receive and
    // delete there, and only it is told where the queue is.
    reconcileOrders.addEnvironment('FULFILMENT_FAILURE_QUEUE_URL', fulfilmentFailures.queueUrl);
    fulfilmentFailures.grant(reconcileOrders, 'sqs:ReceiveMessage', 'sqs:DeleteMessage');

    this.httpApi = new HttpApi(this, 'Api', {
      description: 'Kesho Global Education payments API, served under /api/* by the site distribution',
      createDefaultStage: false,
    });
    const accessLogs = new LogGroup(this, 'ApiAccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const throttle = props.throttle ?? DEFAULT_API_THROTTLE;
    // One integration per function, shared by its routes (subscriptions answers five).
    const integrations = new Map<HandlerName, HttpLambdaIntegration>();
    const integrationOf = (name: HandlerName): HttpLambdaIntegration => {
      let integration = integrations.get(name);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${toPascalCase(name)}Integration`, this.functions[name]);
        integrations.set(name, integration);
      }
      return integration;
    };
    new HttpStage(this, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: throttle.rateLimit, burstLimit: throttle.burstLimit },
      accessLogSettings: { destination: new LogGroupLogDestination(accessLogs) },
    });
    // Per-route throttles (webhook, anonymous routes, the forms) are set on this stage by lib/api-limits.ts.
    for (const route of DEPLOYED_ROUTES) {
      this.httpApi.addRoutes({ path: route.path, methods: [route.method], integration: integrationOf(route.handler) });
    }
    this.apiDomainName = `${this.httpApi.apiId}.execute-api.${this.region}.${this.urlSuffix}`;

    new CfnOutput(this, 'ApiEndpoint', { value: this.httpApi.apiEndpoint });
    new CfnOutput(this, 'OrdersTableName', { value: this.ordersTable.tableName });
    new CfnOutput(this, 'StripeSecretKeyArn', { value: stripeSecretKey.secretArn });
    new CfnOutput(this, 'StripeWebhookSecretArn', { value: stripeWebhookSecret.secretArn });
    new CfnOutput(this, 'NewsletterTokenSecretArn', { value: newsletterTokenSecret.secretArn });
    new CfnOutput(this, 'CreatePaymentFunctionName', { value: createPayment.functionName });
    new CfnOutput(this, 'FulfilmentFailureQueueUrl', { value: fulfilmentFailures.queueUrl });
    new CfnOutput(this, 'MailIdentityName', { value: props.mail.identity });
    if (!props.mail.identity.includes('@')) {
      // The three CNAME records that verify the domain (Easy DKIM); ops add them to its DNS zone.
      this.mailIdentity.dkimRecords.forEach((record, index) => {
        new CfnOutput(this, `MailDkimRecord${index + 1}`, { value: `${record.name} CNAME ${record.value}` });
      });
    }

    for (const [name, secret] of Object.entries(darajaSecrets ?? {}))
      new CfnOutput(this, `Daraja${toPascalCase(name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`))}Arn`, { value: secret.secretArn });

    this.acknowledgeNagFindings([stripeSecretKey, stripeWebhookSecret, ...Object.values(darajaSecrets ?? {})], fulfilmentFailures);
    acknowledge(newsletterTokenSecret, {
      id: 'AwsSolutions-SMG4',
      reason: 'Rotating the link-signing key would void every confirmation and unsubscribe link already mailed; it is rotated by hand, knowingly.',
    });
  }

  private acknowledgeNagFindings(secrets: readonly Secret[], failureQueue: Queue): void {
    for (const secret of secrets) {
      acknowledge(secret, {
        id: 'AwsSolutions-SMG4',
        reason:
          'Stripe and Daraja keys are issued and rolled in the Stripe dashboard and on the Daraja portal, which Secrets Manager rotation cannot drive; ops put each new value with put-secret-value.',
      });
    }
    acknowledge(failureQueue, {
      id: 'AwsSolutions-SQS3',
      reason: 'This queue is itself the on-failure destination of fulfil-order; a dead-letter queue behind it would only move the problem.',
    });
    for (const fn of Object.values(this.functions)) {
      acknowledge(fn, { id: LAMBDA_BASIC_EXECUTION_ROLE, reason: BASIC_EXECUTION_REASON }, { id: WILDCARD_RESOURCE, reason: XRAY_REASON });
    }
    acknowledge(this.functions['stripe-webhook'], {
      id: `AwsSolutions-IAM5[Resource::${arnToken(this.functions['fulfil-order'])}:*]`,
      reason: 'grantInvoke covers fulfil-order and its versions/aliases ("<arn>:*"); the webhook can invoke nothing else.',
    });
    for (const route of this.httpApi.node.children) {
      if (!(route instanceof HttpRoute)) continue;
      acknowledge(route, {
        id: 'AwsSolutions-APIG4',
        reason:
          'A public site: browsers call create-payment, mpesa-payment, checkout-session and the contact and newsletter forms anonymously (the handlers validate every input, price from the server catalogue and rate-limit the forms per client and address), newsletter links carry their own HMAC signature, Stripe authenticates the webhook by the signature the handler verifies, and Daraja callbacks carry an unguessable per-payment token and are only a hint confirmed by the STK query.',
      });
    }
  }
}

function toPascalCase(kebab: string): string {
  return kebab.replace(/(^|-)([a-z])/g, (_match, _dash: string, letter: string) => letter.toUpperCase());
}
