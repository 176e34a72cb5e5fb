/**
 * The saved CloudWatch Logs Insights queries (AWS::Logs::QueryDefinition) of the payments stack, from
 * @kesho/operations/log-queries: an order's story over the payment functions' log groups, and the API's
 * 403s and 429s over its JSON access log (lib/payments/api-access-log.ts). infra/RUNBOOK.md ("An
 * order's story", the Api403 and Api429 rows) says when to run which.
 */
import { CfnQueryDefinition, type ILogGroup } from 'aws-cdk-lib/aws-logs';
import { Construct } from 'constructs';
import {
  API_FORBIDDEN_QUERY,
  API_FORBIDDEN_QUERY_NAME,
  API_THROTTLED_QUERY,
  API_THROTTLED_QUERY_NAME,
  ORDER_STORY_PLACEHOLDER,
  ORDER_STORY_QUERY_NAME,
  orderStoryQuery,
} from '@kesho/operations/log-queries';

export interface SavedLogQueriesProps {
  /** Every log group an order's lines can be in (the payment functions', the mail events' among them). */
  readonly orderLogGroups: readonly ILogGroup[];
  readonly apiAccessLogs: ILogGroup;
}

export class SavedLogQueries extends Construct {
  constructor(scope: Construct, id: string, props: SavedLogQueriesProps) {
    super(scope, id);
    new CfnQueryDefinition(this, 'OrderStory', {
      name: ORDER_STORY_QUERY_NAME,
      queryString: orderStoryQuery(ORDER_STORY_PLACEHOLDER),
      logGroupNames: props.orderLogGroups.map((group) => group.logGroupName),
    });
    new CfnQueryDefinition(this, 'ApiForbidden', { name: API_FORBIDDEN_QUERY_NAME, queryString: API_FORBIDDEN_QUERY, logGroupNames: [props.apiAccessLogs.logGroupName] });
    new CfnQueryDefinition(this, 'ApiThrottled', { name: API_THROTTLED_QUERY_NAME, queryString: API_THROTTLED_QUERY, logGroupNames: [props.apiAccessLogs.logGroupName] });
  }
}
