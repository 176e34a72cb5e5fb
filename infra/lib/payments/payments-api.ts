/**
 * The payments HTTP API: one route per method of @kesho/operations/api-routes (which the local runtime
 * serves too), each to its handler's function, on a throttled `$default` stage with JSON access logs.
 * Per-route throttles are set on the stage by lib/api-limits.ts, the origin-verify authorizer on every
 * route by lib/origin-verify.ts.
 */
import { RemovalPolicy, type Stack } from 'aws-cdk-lib';
import { HttpApi, HttpMethod, HttpStage, LogGroupLogDestination } from 'aws-cdk-lib/aws-apigatewayv2';
import { HttpLambdaIntegration } from 'aws-cdk-lib/aws-apigatewayv2-integrations';
import type { IFunction } from 'aws-cdk-lib/aws-lambda';
import { LogGroup, RetentionDays } from 'aws-cdk-lib/aws-logs';
import { API_ROUTES, type ApiHandlerName } from '@kesho/operations/api-routes';
import { DEFAULT_ROUTE_THROTTLE, LEAD_ROUTE_THROTTLE as COMMON_LEAD_ROUTE_THROTTLE } from '@kesho/operations/api-throttles';
import { acknowledge, SERVERLESS_RULES } from '../nag';
import { apiAccessLogFormat } from './api-access-log';
import { toPascalCase } from './payment-functions';

export interface ApiThrottle {
  /** Steady-state requests per second. */
  readonly rateLimit: number;
  readonly burstLimit: number;
}

export const DEFAULT_API_THROTTLE: ApiThrottle = DEFAULT_ROUTE_THROTTLE;
/**
 * The public forms get a tighter throttle than the payment routes: a person sends one enquiry, and a
 * flood should meet API Gateway's 429 before it reaches the handlers' own per-address limits.
 */
export const LEAD_ROUTE_THROTTLE: ApiThrottle = COMMON_LEAD_ROUTE_THROTTLE;

/** The API's routes, one per method as API Gateway keys them. */
export const DEPLOYED_ROUTES: readonly { readonly method: HttpMethod; readonly path: string; readonly handler: ApiHandlerName }[] = API_ROUTES.flatMap((route) =>
  route.methods.map((method) => ({ method: HttpMethod[method], path: route.path, handler: route.handler })),
);

export interface PaymentsApiProps {
  readonly functions: Readonly<Record<ApiHandlerName, IFunction>>;
  /** The whole API's stage throttle (DEFAULT_API_THROTTLE unless given). */
  readonly throttle?: ApiThrottle;
}

export class PaymentsApi {
  readonly httpApi: HttpApi;
  readonly stage: HttpStage;
  readonly accessLogs: LogGroup;
  /** Host name of the API's execute-api endpoint: the CloudFront origin of /api/*. */
  readonly domainName: string;

  /** Built in the stack's own scope: the API, its routes and their permissions keep their logical ids. */
  constructor(stack: Stack, props: PaymentsApiProps) {
    this.httpApi = new HttpApi(stack, 'Api', {
      description: 'Kesho Global Education payments API, served under /api/* by the site distribution',
      createDefaultStage: false,
    });
    this.accessLogs = new LogGroup(stack, 'ApiAccessLogs', {
      retention: RetentionDays.THREE_MONTHS,
      removalPolicy: RemovalPolicy.RETAIN,
    });
    const throttle = props.throttle ?? DEFAULT_API_THROTTLE;
    // One integration per function, shared by its routes (subscriptions answers five).
    const integrations = new Map<ApiHandlerName, HttpLambdaIntegration>();
    const integrationOf = (name: ApiHandlerName): HttpLambdaIntegration => {
      let integration = integrations.get(name);
      if (!integration) {
        integration = new HttpLambdaIntegration(`${toPascalCase(name)}Integration`, props.functions[name]);
        integrations.set(name, integration);
      }
      return integration;
    };
    this.stage = new HttpStage(stack, 'DefaultStage', {
      httpApi: this.httpApi,
      stageName: '$default',
      autoDeploy: true,
      throttle: { rateLimit: throttle.rateLimit, burstLimit: throttle.burstLimit },
      // JSON of the HTTP API's own variables (./api-access-log.ts), not CDK's default CLF.
      accessLogSettings: { destination: new LogGroupLogDestination(this.accessLogs), format: apiAccessLogFormat() },
    });
    acknowledge(this.stage, {
      id: SERVERLESS_RULES.apiStructuredLogging,
      reason:
        'The access log is JSON (lib/payments/api-access-log.ts): cdk-nag parses the format as written, where status and latency are bare $context variables (so the metric filters compare numbers), which API Gateway writes as numbers.',
    });
    for (const route of DEPLOYED_ROUTES) {
      this.httpApi.addRoutes({ path: route.path, methods: [route.method], integration: integrationOf(route.handler) });
    }
    this.domainName = `${this.httpApi.apiId}.execute-api.${stack.region}.${stack.urlSuffix}`;
  }
}
