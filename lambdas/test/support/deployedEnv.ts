/** What every function of the deployed stack is given besides secrets (infra/lib/payments/payment-functions.ts), quiet. */
export const DEPLOYED_ENV = {
  NODE_ENV: 'production',
  PUBLIC_SITE_URL: 'https://www.example.com',
  ORDERS_TABLE: 'orders',
  FULFIL_ORDER_FUNCTION_NAME: 'stack-fulfil-order',
  MAIL_TRANSPORT: 'ses',
  LOG_LEVEL: 'silent',
} as const;
