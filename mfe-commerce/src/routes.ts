import type { PageRoute } from '@kesho/shell-kit';
import { pageTitle, site } from '@kesho/site-rules/site';

/** Exposed to the shell as `commerce/routes`: the quote builder and the payment flow. */
export const routes: readonly PageRoute[] = [
  {
    path: '/custom-quote',
    title: pageTitle('Build Your Custom Package'),
    description: 'Build your own study-abroad support package: pick admissions, visa, scholarship and career services, set quantities and see your total in US dollars.',
    listed: true,
    load: () => import('./pages/CustomQuotePage'),
  },
  {
    path: '/checkout',
    title: pageTitle('Checkout'),
    description: `Review your custom ${site.brand} package and enter your contact details before paying securely by card through Stripe Checkout.`,
    listed: false,
    load: () => import('./pages/CheckoutPage'),
  },
  {
    path: '/payment',
    title: pageTitle('Payment'),
    description: `Pay for your ${site.brand} package securely by card through Stripe or by M-Pesa from your Safaricom phone, over an encrypted connection.`,
    listed: false,
    load: () => import('./pages/PaymentPage'),
  },
  {
    path: '/payment-success',
    title: pageTitle('Payment Successful'),
    description: `Your payment to ${site.brand} was successful. See your invoice number, print your invoice and find out what happens next with your package.`,
    listed: false,
    load: () => import('./pages/PaymentSuccessPage'),
  },
  {
    path: '/payment-failure',
    title: pageTitle('Payment Failed'),
    description: `Your card payment to ${site.brand} did not go through. Check your card details, try again or contact our support team for help.`,
    listed: false,
    load: () => import('./pages/PaymentFailurePage'),
  },
];
