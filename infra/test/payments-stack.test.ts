import { Match, Template } from 'aws-cdk-lib/assertions';
import { DEFAULT_API_THROTTLE, LEAD_ROUTE_THROTTLE } from '../lib/payments/payments-api';
import { NEWSLETTER_TOKEN_SECRET_NAME, STRIPE_SECRET_KEY_NAME, STRIPE_WEBHOOK_SECRET_NAME } from '../lib/payments/payment-secrets';
import { DEFAULT_API_LIMITS } from '../lib/api-limits';
import { readMailSettings, settingsFromContext, UNSET_PUBLIC_SITE_URL } from '../lib/config';
import { App } from 'aws-cdk-lib';
import { site } from '@kesho/site-rules/site';
import { buildTestApp } from './support/test-app';
import { VIEWER_ADDRESS_HEADER } from '@kesho/operations/viewer-address';
import { API_ROUTES } from '@kesho/operations/api-routes';
import { SAFE_DEPLOY_HANDLERS } from '@kesho/operations/pre-traffic-probes';
import { ORDERS_TABLE_INDEXES } from '@kesho/operations/orders-table';

let template: Template;
let logicalIds: Record<
  'createPayment' | 'checkoutSession' | 'stripeWebhook' | 'fulfilOrder' | 'reconcileOrders' | 'mpesaPayment' | 'mpesaCallback' | 'orders' | 'secretKey' | 'webhookSecret' | 'mailIdentity',
  string
>;

beforeAll(() => {
  const { stacks } = buildTestApp();
  template = Template.fromStack(stacks.payments);
  const only = (type: string, props: Record<string, unknown>) => {
    const ids = Object.keys(template.findResources(type, { Properties: Match.objectLike(props) }));
    if (ids.length !== 1) throw new Error(`expected one ${type} matching ${JSON.stringify(props)}, found ${ids.length}`);
    return ids[0] as string;
  };
  logicalIds = {
    createPayment: only('AWS::Lambda::Function', { Description: 'Kesho payments: create-payment' }),
    checkoutSession: only('AWS::Lambda::Function', { Description: 'Kesho payments: checkout-session' }),
    stripeWebhook: only('AWS::Lambda::Function', { Description: 'Kesho payments: stripe-webhook' }),
    fulfilOrder: only('AWS::Lambda::Function', { Description: 'Kesho payments: fulfil-order' }),
    reconcileOrders: only('AWS::Lambda::Function', { Description: 'Kesho payments: reconcile-orders' }),
    mailIdentity: only('AWS::SES::EmailIdentity', {}),
    mpesaPayment: only('AWS::Lambda::Function', { Description: 'Kesho payments: mpesa-payment' }),
    mpesaCallback: only('AWS::Lambda::Function', { Description: 'Kesho payments: mpesa-callback' }),
    orders: only('AWS::DynamoDB::Table', {}),
    secretKey: only('AWS::SecretsManager::Secret', { Name: STRIPE_SECRET_KEY_NAME }),
    webhookSecret: only('AWS::SecretsManager::Secret', { Name: STRIPE_WEBHOOK_SECRET_NAME }),
  };
});

/** The statements of the inline policy attached to a function's role. */
function policyStatementsOf(functionLogicalId: string): unknown[] {
  const fn = template.toJSON().Resources[functionLogicalId] as { Properties: { Role: { 'Fn::GetAtt': [string, string] } } };
  const roleId = fn.Properties.Role['Fn::GetAtt'][0];
  const policies = template.findResources('AWS::IAM::Policy', { Properties: { Roles: [{ Ref: roleId }] } });
  return Object.values(policies).flatMap((policy) => (policy as { Properties: { PolicyDocument: { Statement: unknown[] } } }).Properties.PolicyDocument.Statement);
}

function actionsOn(functionLogicalId: string, resourceLogicalId: string): string[] {
  return policyStatementsOf(functionLogicalId)
    .filter((statement) => JSON.stringify(statement).includes(`"${resourceLogicalId}"`))
    .flatMap((statement) => {
      const action = (statement as { Action: string | string[] }).Action;
      return Array.isArray(action) ? action : [action];
    })
    .sort();
}

describe('payments stack', () => {
  test('runs eleven Node.js 24 functions on ARM with tracing, sensible limits and their own log groups', () => {
    const functions = template.findResources('AWS::Lambda::Function', {
      Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') },
    });
    expect(Object.keys(functions)).toHaveLength(11);
    for (const fn of Object.values(functions)) {
      expect(fn).toMatchObject({
        Properties: {
          Runtime: 'nodejs24.x',
          Architectures: ['arm64'],
          Handler: 'index.handler',
          LoggingConfig: { LogGroup: { Ref: expect.any(String) } },
        },
      });
      // X-Ray on every function but the beacons' (issue 41, item 9): no trace per page left.
      const beacons = (fn as { Properties: { Description?: string } }).Properties.Description === 'Kesho payments: client-events';
      expect((fn as { Properties: { TracingConfig?: unknown } }).Properties.TracingConfig).toEqual(beacons ? undefined : { Mode: 'Active' });
    }
    // Eleven functions, the API access log, the origin-verify authorizer (lib/origin-verify.ts) and the pre-traffic check (lib/payments/safe-deploys.ts).
    template.resourcePropertiesCountIs('AWS::Logs::LogGroup', { RetentionInDays: 90 }, 14);
    template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Kesho payments: create-payment', Timeout: 15 });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Kesho payments: fulfil-order', Timeout: 60 });
    template.hasResourceProperties('AWS::Lambda::Function', { Description: 'Kesho payments: reconcile-orders', Timeout: 300 });
  });

  test('sizes each function from the measurement in infra/REFERENCE.md: more CPU where a visitor waits, arm64 throughout', () => {
    const memoryOf = (name: string) => {
      const found = Object.values(template.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${name}` } }));
      expect(found).toHaveLength(1);
      return (found[0] as { Properties: { MemorySize: number; Architectures: string[] } }).Properties;
    };
    const expected: Record<string, number> = {
      'create-payment': 1536,
      'checkout-session': 1536,
      'mpesa-payment': 1536,
      enquiries: 1024,
      subscriptions: 1024,
      'stripe-webhook': 512,
      'fulfil-order': 512,
      'mpesa-callback': 512,
      'reconcile-orders': 512,
      'client-events': 128,
      'mail-events': 256,
    };
    for (const [name, memorySize] of Object.entries(expected)) expect({ name, ...memoryOf(name) }).toMatchObject({ name, MemorySize: memorySize, Architectures: ['arm64'] });
  });

  test('gives every function the configuration the handlers read at cold start, with only its own secrets', () => {
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Kesho payments: create-payment',
      Environment: {
        Variables: {
          PUBLIC_SITE_URL: UNSET_PUBLIC_SITE_URL,
          ORDERS_TABLE: { Ref: logicalIds.orders },
          STRIPE_SECRET_ARN: { Ref: logicalIds.secretKey },
          FULFIL_ORDER_FUNCTION_NAME: 'KeshoPayments-fulfil-order',
          MAIL_TRANSPORT: 'ses',
          MAIL_FROM: `${site.brand} <${site.email}>`,
          SUPPORT_EMAIL: site.email,
          // The header the distribution's viewer-request function writes: the per-client limits never read X-Forwarded-For.
          CLIENT_ADDRESS_HEADER: VIEWER_ADDRESS_HEADER,
          NODE_OPTIONS: '--enable-source-maps',
        },
      },
    });
    template.hasResourceProperties('AWS::Lambda::Function', {
      Description: 'Kesho payments: fulfil-order',
      FunctionName: 'KeshoPayments-fulfil-order',
    });
  });

  test("routes every endpoint of the HTTP API to its function, the payment path's to the function's alias live", () => {
    template.resourceCountIs('AWS::ApiGatewayV2::Api', 1);
    template.hasResourceProperties('AWS::ApiGatewayV2::Api', { ProtocolType: 'HTTP' });
    const routes = Object.values(template.findResources('AWS::ApiGatewayV2::Route')).map((route) => (route as { Properties: { RouteKey: string } }).Properties.RouteKey);
    // Exactly the one route table the local runtime serves too.
    expect(routes.sort()).toEqual(API_ROUTES.flatMap((route) => route.methods.map((method) => `${method} ${route.path}`)).sort());
    expect(routes).toEqual(
      expect.arrayContaining([
        'POST /api/create-payment',
        'GET /api/subscriptions/confirm',
        'POST /api/subscriptions/confirm',
        'POST /api/mpesa/callback/{token}',
        'POST /api/client-events',
      ]),
    );
    for (const route of API_ROUTES) {
      const [deployed] = Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: `${route.methods[0]} ${route.path}` } }));
      const integrationId = (deployed as { Properties: { Target: { 'Fn::Join': [string, [string, { Ref: string }]] } } }).Properties.Target['Fn::Join'][1][1].Ref;
      const functionId = Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${route.handler}` } }))[0];
      const resources = template.toJSON().Resources as Record<string, { Type: string; Properties: Record<string, unknown> }>;
      const target = (SAFE_DEPLOY_HANDLERS as readonly string[]).includes(route.handler)
        ? {
            Ref: Object.keys(resources).find(
              (id) => resources[id]?.Type === 'AWS::Lambda::Alias' && JSON.stringify(resources[id]?.Properties.FunctionName) === JSON.stringify({ Ref: functionId }),
            ),
          }
        : { 'Fn::GetAtt': [functionId, 'Arn'] };
      expect(target).not.toEqual({ Ref: undefined });
      expect([route.path, resources[integrationId]?.Properties.IntegrationUri]).toEqual([route.path, target]);
    }
  });

  test('runs the form handlers on Node.js 24 with table access, the newsletter alone with the link-signing secret', () => {
    for (const name of ['enquiries', 'subscriptions']) {
      template.hasResourceProperties('AWS::Lambda::Function', {
        Description: `Kesho payments: ${name}`,
        Runtime: 'nodejs24.x',
        Timeout: 15,
        Environment: {
          Variables: Match.objectLike({ SUBSCRIPTION_TOKEN_SECRET_ARN: name === 'subscriptions' ? Match.anyValue() : Match.absent(), ORDERS_TABLE: Match.anyValue() }),
        },
      });
    }
    template.hasResourceProperties('AWS::SecretsManager::Secret', { Name: NEWSLETTER_TOKEN_SECRET_NAME, GenerateSecretString: Match.objectLike({ PasswordLength: 64 }) });
  });

  test('throttles the public form routes tighter than the stage', () => {
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as { Properties: { RouteSettings: Record<string, unknown> } };
    const limits = { ThrottlingRateLimit: LEAD_ROUTE_THROTTLE.rateLimit, ThrottlingBurstLimit: LEAD_ROUTE_THROTTLE.burstLimit };
    expect(stage.Properties.RouteSettings).toMatchObject({
      'POST /api/enquiries': limits,
      'POST /api/subscriptions': limits,
      'GET /api/subscriptions/confirm': limits,
      'POST /api/subscriptions/confirm': limits,
      'GET /api/subscriptions/unsubscribe': limits,
      'POST /api/subscriptions/unsubscribe': limits,
    });
  });

  test("takes visitors' client events on POST /api/client-events with a function of its own: no secrets, no mail, the table only to count visitors, its own throttle", () => {
    const [id, fn] = Object.entries(template.findResources('AWS::Lambda::Function', { Properties: { Description: 'Kesho payments: client-events' } }))[0] ?? [];
    expect(fn).toMatchObject({ Properties: { Runtime: 'nodejs24.x', Timeout: 5, Environment: { Variables: expect.objectContaining({ PUBLIC_SITE_URL: expect.anything() }) } } });
    const variables = Object.keys((fn as { Properties: { Environment: { Variables: Record<string, unknown> } } }).Properties.Environment.Variables);
    expect(variables.filter((name) => name.endsWith('_ARN'))).toEqual([]);
    const [route] = Object.values(template.findResources('AWS::ApiGatewayV2::Route', { Properties: { RouteKey: 'POST /api/client-events' } }));
    const integrationId = (route as { Properties: { Target: { 'Fn::Join': [string, [string, { Ref: string }]] } } }).Properties.Target['Fn::Join'][1][1].Ref;
    expect(template.toJSON().Resources[integrationId].Properties.IntegrationUri).toEqual({ 'Fn::GetAtt': [id, 'Arn'] });
    // Its role may write its logs and count visitors in the table (issue 40: the canary verdict's count by client), nothing else: no mail, no secret.
    expect(actionsOn(id as string, logicalIds.orders)).toEqual(['dynamodb:UpdateItem']);
    const roleId = (fn as { Properties: { Role: { 'Fn::GetAtt': [string, string] } } }).Properties.Role['Fn::GetAtt'][0];
    const actions = Object.values(template.findResources('AWS::IAM::Policy'))
      .filter((policy) => JSON.stringify((policy as { Properties: { Roles: unknown } }).Properties.Roles).includes(`"${roleId}"`))
      .flatMap((policy) =>
        (policy as { Properties: { PolicyDocument: { Statement: Array<{ Action: string | string[] }> } } }).Properties.PolicyDocument.Statement.flatMap((statement) =>
          [statement.Action].flat(),
        ),
      );
    expect(actions.filter((action) => !/^xray:/.test(action))).toEqual(['dynamodb:UpdateItem']);
    const stage = Object.values(template.findResources('AWS::ApiGatewayV2::Stage'))[0] as { Properties: { RouteSettings: Record<string, unknown> } };
    expect(stage.Properties.RouteSettings['POST /api/client-events']).toEqual({
      ThrottlingRateLimit: DEFAULT_API_LIMITS.clientEvents.rateLimit,
      ThrottlingBurstLimit: DEFAULT_API_LIMITS.clientEvents.burstLimit,
    });
  });

  test('expires enquiries, unconfirmed sign-ups and rate-limit counters with DynamoDB TTL', () => {
    template.hasResourceProperties('AWS::DynamoDB::Table', { TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true } });
  });

  test('throttles the default stage and writes its access logs', () => {
    template.hasResourceProperties('AWS::ApiGatewayV2::Stage', {
      StageName: '$default',
      AutoDeploy: true,
      DefaultRouteSettings: {
        ThrottlingRateLimit: DEFAULT_API_THROTTLE.rateLimit,
        ThrottlingBurstLimit: DEFAULT_API_THROTTLE.burstLimit,
      },
      AccessLogSettings: { DestinationArn: Match.anyValue(), Format: Match.stringLikeRegexp('requestId') },
    });
  });

  test('keeps orders in an on-demand table with point-in-time recovery, encryption and deletion protection', () => {
    template.hasResource('AWS::DynamoDB::Table', {
      DeletionPolicy: 'Retain',
      UpdateReplacePolicy: 'Retain',
      Properties: {
        KeySchema: [{ AttributeName: 'pk', KeyType: 'HASH' }],
        BillingMode: 'PAY_PER_REQUEST',
        PointInTimeRecoverySpecification: { PointInTimeRecoveryEnabled: true },
        SSESpecification: { SSEEnabled: true },
        DeletionProtectionEnabled: true,
        // Unpaid orders carry expiresAt (lambdas/src/orders/store.ts) and are deleted after it.
        TimeToLiveSpecification: { AttributeName: 'expiresAt', Enabled: true },
      },
    });
  });

  test('has exactly the sparse indexes of @kesho/operations/orders-table (the ones the local table has and the store queries), whole orders projected', () => {
    const [table] = Object.values(template.findResources('AWS::DynamoDB::Table')) as Array<{
      Properties: { AttributeDefinitions: { AttributeName: string; AttributeType: string }[]; GlobalSecondaryIndexes: unknown[] };
    }>;
    expect(table?.Properties.GlobalSecondaryIndexes).toEqual(
      ORDERS_TABLE_INDEXES.map((index) => ({
        IndexName: index.name,
        KeySchema: [{ AttributeName: index.partitionKey, KeyType: 'HASH' }, ...(index.sortKey ? [{ AttributeName: index.sortKey, KeyType: 'RANGE' }] : [])],
        Projection: { ProjectionType: 'ALL' },
      })),
    );
    expect(table?.Properties.AttributeDefinitions.map((definition) => definition.AttributeName).sort()).toEqual(['createdAt', 'heldForReview', 'openStatus', 'pk']);
    expect(new Set(table?.Properties.AttributeDefinitions.map((definition) => definition.AttributeType))).toEqual(new Set(['S']));
  });

  test('creates the Stripe secrets without a value in the template, for ops to fill', () => {
    for (const name of [STRIPE_SECRET_KEY_NAME, STRIPE_WEBHOOK_SECRET_NAME]) {
      template.hasResource('AWS::SecretsManager::Secret', {
        DeletionPolicy: 'Retain',
        Properties: { Name: name, GenerateSecretString: {}, SecretString: Match.absent() },
      });
    }
  });

  test('grants each function only what its handler does', () => {
    expect(actionsOn(logicalIds.createPayment, logicalIds.orders)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(actionsOn(logicalIds.checkoutSession, logicalIds.orders)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    expect(actionsOn(logicalIds.fulfilOrder, logicalIds.orders)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
    // The reconciliation queries the open and held orders' indexes; nothing may scan the table.
    expect(actionsOn(logicalIds.reconcileOrders, logicalIds.orders)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:Query', 'dynamodb:UpdateItem']);
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('dynamodb:Scan');
    const indexStatements = policyStatementsOf(logicalIds.reconcileOrders).filter((statement) => JSON.stringify(statement).includes('/index/'));
    const indexArns = ORDERS_TABLE_INDEXES.map((index) => ({ 'Fn::Join': ['', [{ 'Fn::GetAtt': [logicalIds.orders, 'Arn'] }, `/index/${index.name}`]] }));
    expect(indexStatements).toEqual([{ Effect: 'Allow', Action: 'dynamodb:Query', Resource: expect.arrayContaining(indexArns) }]);
    expect((indexStatements[0] as { Resource: unknown[] }).Resource).toHaveLength(indexArns.length);
    expect(JSON.stringify(template.findResources('AWS::IAM::Policy'))).not.toContain('/index/*');
    expect(actionsOn(logicalIds.stripeWebhook, logicalIds.orders)).toEqual([]);
    expect(actionsOn(logicalIds.stripeWebhook, logicalIds.fulfilOrder)).toEqual(['lambda:InvokeFunction']);
    for (const fn of [logicalIds.createPayment, logicalIds.checkoutSession, logicalIds.fulfilOrder]) {
      expect(actionsOn(fn, logicalIds.fulfilOrder)).toEqual([]);
    }
    for (const name of ['enquiries', 'subscriptions']) {
      const [fn] = Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${name}` } }));
      expect(actionsOn(fn as string, logicalIds.orders)).toEqual(['dynamodb:GetItem', 'dynamodb:PutItem', 'dynamodb:UpdateItem']);
      expect(actionsOn(fn as string, logicalIds.fulfilOrder)).toEqual([]);
    }
    // The functions that call Stripe's API read its key; only the webhook reads the signing secret (and not the key).
    const read = ['secretsmanager:DescribeSecret', 'secretsmanager:GetSecretValue'];
    for (const fn of [logicalIds.createPayment, logicalIds.checkoutSession, logicalIds.fulfilOrder, logicalIds.reconcileOrders]) {
      expect(actionsOn(fn, logicalIds.secretKey)).toEqual(read);
      expect(actionsOn(fn, logicalIds.webhookSecret)).toEqual([]);
    }
    expect(actionsOn(logicalIds.stripeWebhook, logicalIds.webhookSecret)).toEqual(read);
    expect(actionsOn(logicalIds.stripeWebhook, logicalIds.secretKey)).toEqual([]);
  });

  test('retries fulfil-order twice and then parks the event in an encrypted queue', () => {
    const [queueId] = Object.keys(template.findResources('AWS::SQS::Queue')).filter((id) => id.startsWith('FulfilmentFailures'));
    template.hasResourceProperties('AWS::SQS::Queue', { SqsManagedSseEnabled: true, MessageRetentionPeriod: 14 * 24 * 3600 });
    template.hasResourceProperties('AWS::Lambda::EventInvokeConfig', {
      FunctionName: { Ref: logicalIds.fulfilOrder },
      MaximumRetryAttempts: 2,
      MaximumEventAgeInSeconds: 6 * 3600,
      DestinationConfig: { OnFailure: { Destination: { 'Fn::GetAtt': [queueId, 'Arn'] } } },
    });
    template.hasResourceProperties('AWS::SQS::QueuePolicy', {
      PolicyDocument: { Statement: Match.arrayWith([Match.objectLike({ Effect: 'Deny', Condition: { Bool: { 'aws:SecureTransport': 'false' } } })]) },
    });
  });

  test('lets only reconcile-orders drain the failure queue (receive and delete), and tells only it where the queue is', () => {
    const [queueId] = Object.keys(template.findResources('AWS::SQS::Queue')).filter((id) => id.startsWith('FulfilmentFailures')) as [string];
    expect(actionsOn(logicalIds.reconcileOrders, queueId)).toEqual(['sqs:DeleteMessage', 'sqs:ReceiveMessage']);
    for (const fn of [logicalIds.createPayment, logicalIds.checkoutSession, logicalIds.stripeWebhook, logicalIds.mpesaPayment, logicalIds.mpesaCallback]) {
      expect(actionsOn(fn, queueId)).toEqual([]);
    }
    // fulfil-order only writes there (its on-failure destination).
    expect(actionsOn(logicalIds.fulfilOrder, queueId).filter((action) => action !== 'sqs:SendMessage' && action !== 'sqs:GetQueueAttributes' && action !== 'sqs:GetQueueUrl')).toEqual([]);
    const functions = template.findResources('AWS::Lambda::Function', { Properties: { Description: Match.stringLikeRegexp('^Kesho payments: ') } }) as Record<
      string,
      { Properties: { Environment: { Variables: Record<string, unknown> } } }
    >;
    for (const [id, fn] of Object.entries(functions)) {
      expect(fn.Properties.Environment.Variables.FULFILMENT_FAILURE_QUEUE_URL).toEqual(id === logicalIds.reconcileOrders ? { Ref: queueId } : undefined);
    }
  });

  test('sends mail through SES only from the configured identity, and only from the functions that settle orders or answer the forms', () => {
    template.hasResourceProperties('AWS::SES::EmailIdentity', { EmailIdentity: site.email.slice(site.email.indexOf('@') + 1) });
    const formFunctions = ['enquiries', 'subscriptions'].map(
      (name) => Object.keys(template.findResources('AWS::Lambda::Function', { Properties: { Description: `Kesho payments: ${name}` } }))[0] as string,
    );
    const senders = [logicalIds.checkoutSession, logicalIds.fulfilOrder, logicalIds.reconcileOrders, ...formFunctions, logicalIds.mpesaPayment, logicalIds.mpesaCallback];
    for (const fn of [...senders, logicalIds.createPayment, logicalIds.stripeWebhook]) {
      const sesStatements = policyStatementsOf(fn).filter((statement) => JSON.stringify(statement).includes('ses:'));
      if (!senders.includes(fn)) {
        expect(sesStatements).toEqual([]);
        continue;
      }
      expect(sesStatements).toHaveLength(1);
      const statement = sesStatements[0] as { Action: string[]; Resource: unknown };
      expect([...statement.Action].sort()).toEqual(['ses:SendEmail', 'ses:SendRawEmail']);
      // One identity ARN, never "*".
      expect(JSON.stringify(statement.Resource)).toContain(`:identity/`);
      expect(JSON.stringify(statement.Resource)).toContain(logicalIds.mailIdentity);
      expect(JSON.stringify(statement.Resource)).not.toMatch(/"\*"/);
    }
  });

  test('runs reconcile-orders every five minutes from an EventBridge schedule', () => {
    template.hasResourceProperties('AWS::Events::Rule', {
      ScheduleExpression: 'rate(5 minutes)',
      State: 'ENABLED',
      Targets: [Match.objectLike({ Arn: { 'Fn::GetAtt': [logicalIds.reconcileOrders, 'Arn'] }, RetryPolicy: { MaximumRetryAttempts: 0 } })],
    });
    template.hasResourceProperties('AWS::Lambda::Permission', {
      Action: 'lambda:InvokeFunction',
      FunctionName: { 'Fn::GetAtt': [logicalIds.reconcileOrders, 'Arn'] },
      Principal: 'events.amazonaws.com',
    });
  });

  test('reads the mail identity and addresses from context, and refuses a sender outside the identity', () => {
    const appWith = (context: Record<string, string>) => settingsFromContext(new App({ context }));
    expect(readMailSettings(appWith({}))).toEqual({ identity: 'keshoglobal.co.ke', from: `${site.brand} <${site.email}>`, supportEmail: site.email });
    expect(readMailSettings(appWith({ mailFrom: 'Kesho <receipts@mail.example.com>', mailIdentity: 'mail.example.com', supportEmail: 'desk@example.com' }))).toEqual({
      identity: 'mail.example.com',
      from: 'Kesho <receipts@mail.example.com>',
      supportEmail: 'desk@example.com',
    });
    expect(readMailSettings(appWith({ mailFrom: 'ops@example.com', mailIdentity: 'ops@example.com' })).identity).toBe('ops@example.com');
    expect(() => readMailSettings(appWith({ mailFrom: 'Kesho <x@other.example>', mailIdentity: 'mail.example.com' }))).toThrow(/must be the SES identity/);
  });
});
