/** Texts of the M-Pesa path decided here (the outcome messages come from the server, @kesho/site-rules/mpesa). */
export const MPESA_PAGE_MESSAGES = {
  phoneLabel: 'M-Pesa phone number',
  phoneHint: 'The Safaricom number that will receive the payment request, e.g. 0712 345 678',
  amountLabel: 'You will pay',
  sending: 'Sending the request to your phone…',
  resuming: 'Checking your M-Pesa payment…',
  loadingRate: 'Fetching the M-Pesa exchange rate…',
  sandboxLink: 'Open the test M-Pesa phone (test mode)',
  stillWaiting: 'We have not heard back from M-Pesa yet. If you entered your PIN, check again in a moment.',
  checkAgain: 'Check again',
  tryAgain: 'Try again',
  payByCard: 'Pay by card',
} as const;
