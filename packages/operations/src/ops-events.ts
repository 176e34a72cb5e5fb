/**
 * What ops search for and alarm on, named once here: the log events ops look for (infra/RUNBOOK.md
 * names them), the business metrics the Lambdas emit and infra/lib/alarms.ts reads, the
 * local log file `npm run orders -- show` reads, and the personal data no log line may hold, so the
 * writer and the reader cannot drift apart.
 */

/** The reconciliation names the orders held for a person, every run until the mark is cleared. */
export const HELD_FOR_REVIEW_EVENT = 'orders.held_for_review';

/** A running canary was aborted without anyone typing a command (the local watch, the AWS release publisher), with its figures. */
export const CANARY_ABORTED_EVENT = 'release.canary_aborted';

/** A publish's build was rolled back to the build it replaced without anyone typing a command (the local watch), with its figures. */
export const PUBLISH_ROLLED_BACK_EVENT = 'release.publish_rolled_back';

/** Ops could not be told of an automatic abort or rollback (SNS in AWS, the local mail): the abort or rollback stands. */
export const OPS_NOTICE_FAILED_EVENT = 'release.ops_notice_failed';

/**
 * The business metrics: CloudWatch Embedded Metric Format lines the Lambdas write (Powertools
 * Metrics, lambdas/src/metrics.ts) in one namespace, and ops' alarms and dashboard read
 * (infra/lib/alarms.ts). Every metric carries the `service` dimension (Powertools' default dimension),
 * always BUSINESS_METRICS_SERVICE, so a metric is the same series whichever function emitted it.
 */
export const BUSINESS_METRICS_NAMESPACE = 'Kesho/Business';
export const BUSINESS_METRICS_SERVICE = 'kesho-payments';

/** How an order is paid: the `Method` dimension of the order metrics. */
export const PAYMENT_METHODS = ['card', 'mpesa'] as const;
export type PaymentMethod = (typeof PAYMENT_METHODS)[number];

/**
 * Each business event's metric and the dimension sets it is published under (beside `service`):
 * alarms use the first set, the dashboard may split by the others. A reason that is no dimension
 * (review, refusals) is a field of the EMF line, searchable in the logs.
 */
export const BUSINESS_METRICS = {
  /** An order stored and its checkout or STK push asked for. */
  ordersStarted: { name: 'OrdersStarted', dimensions: [['Method']] },
  /** An order became paid. */
  ordersPaid: { name: 'OrdersPaid', dimensions: [['Method']] },
  /** An order became failed (declined, cancelled on the phone, the provider failed at the start…), by Reason. */
  ordersFailed: { name: 'OrdersFailed', dimensions: [['Method'], ['Method', 'Reason']] },
  /** An order's checkout expired unpaid. */
  ordersExpired: { name: 'OrdersExpired', dimensions: [['Method']] },
  /** An order was marked for a person to review (money moved in a way the code cannot settle alone), its reason a field. */
  ordersNeedingReview: { name: 'OrdersNeedingReview', dimensions: [[]] },
  /** Every reconciliation run: how many orders are held for review (until a person clears the mark). */
  ordersHeldForReview: { name: 'OrdersHeldForReview', dimensions: [[]] },
  /** A receipt (the customer's message or the support copy) went out. */
  receiptsSent: { name: 'ReceiptsSent', dimensions: [[]] },
  /** A receipt could not be sent; the order stays `receiptStatus: due`. */
  receiptsFailed: { name: 'ReceiptsFailed', dimensions: [[]] },
  /** Every reconciliation run: paid orders whose receipt is still due RECEIPT_OVERDUE_MINUTES after payment. */
  receiptsOverdue: { name: 'ReceiptsOverdue', dimensions: [[]] },
  /** Any outgoing mail the transport refused (receipts, enquiries, newsletter). */
  mailSendFailures: { name: 'MailSendFailures', dimensions: [[]] },
  /**
   * What became of a message SES accepted, from its configuration set's events (lambdas/src/mail/events.ts,
   * the mail-events function; locally the file transport's stand-in events): delivered to the
   * recipient's server, bounced (the bounce type a field), marked as spam by the recipient, rejected
   * by SES (a virus). Counted once per message and outcome.
   */
  mailDelivered: { name: 'MailDelivered', dimensions: [[]] },
  mailBounced: { name: 'MailBounced', dimensions: [[]] },
  mailComplaints: { name: 'MailComplaints', dimensions: [[]] },
  mailRejected: { name: 'MailRejected', dimensions: [[]] },
  /** Daraja's STK status query failed (unreachable, refused, malformed). */
  mpesaQueryFailures: { name: 'MpesaQueryFailures', dimensions: [[]] },
  /** Every reconciliation run: pending orders older than PENDING_BACKLOG_MINUTES after the run (the backlog). */
  pendingOrdersBacklog: { name: 'PendingOrdersBacklog', dimensions: [[]] },
  /** Orders a reconciliation run settled, and those it left for the next run (their provider call or receipt failed). */
  reconcileSettled: { name: 'ReconcileSettled', dimensions: [[]] },
  reconcileLeft: { name: 'ReconcileLeft', dimensions: [[]] },
  /** The contact form and the newsletter: accepted, and refused (the reason a field). */
  enquiriesAccepted: { name: 'EnquiriesAccepted', dimensions: [[]] },
  enquiriesRefused: { name: 'EnquiriesRefused', dimensions: [[]] },
  signUpsAccepted: { name: 'SignUpsAccepted', dimensions: [[]] },
  signUpsRefused: { name: 'SignUpsRefused', dimensions: [[]] },
} as const satisfies Readonly<Record<string, { readonly name: string; readonly dimensions: readonly (readonly string[])[] }>>;

export type BusinessMetric = keyof typeof BUSINESS_METRICS;

/**
 * The SES events the mail's configuration set publishes (its event destination, infra/lib/payments/
 * mail-events.ts) and mail-events records (lambdas/src/mail/events.ts), each with the detail-type
 * EventBridge gives it (the rule's pattern).
 */
export const MAIL_EVENT_DETAIL_TYPES = {
  Delivery: 'Email Delivered',
  Bounce: 'Email Bounced',
  Complaint: 'Email Complaint Received',
  Reject: 'Email Rejected',
} as const;

/** A paid order's receipt still due this long after payment raises ReceiptsOverdue. */
export const RECEIPT_OVERDUE_MINUTES = 30;
/** A pending order older than this after a reconciliation run counts in PendingOrdersBacklog. */
export const PENDING_BACKLOG_MINUTES = 60;

/**
 * Where the local runtime (`npm start`) keeps every line its functions write (log lines and EMF
 * lines alike, as CloudWatch would hold them), relative to DATA_DIR: `npm run orders -- show` reads it.
 */
export const LOCAL_LOG_FILE = 'logs/api.jsonl';

/** What no log line may hold, defined with the one scrubber that removes it (@kesho/operations/personal-data). */
export { EMAIL_ADDRESS_PATTERN, PHONE_NUMBER_PATTERN } from './personal-data';
