/**
 * The boundary between the M-Pesa payment service and whatever answers an STK push: Safaricom's
 * Daraja API (daraja.ts) or the built-in sandbox (sandbox.ts). The service speaks only these types.
 */
export interface StkPushRequest {
  /** 2547XXXXXXXX / 2541XXXXXXXX */
  readonly msisdn: string;
  /** Whole shillings, 1–250,000. */
  readonly amountKes: number;
  /** The invoice number: shown on the payer's phone and statement. */
  readonly accountReference: string;
  readonly description: string;
  readonly callbackUrl: string;
}

export interface StkPushAccepted {
  readonly merchantRequestId: string;
  readonly checkoutRequestId: string;
}

/** What stkpushquery says about one push: still waiting for the payer, or Daraja's final ResultCode. */
export type StkQueryResult = { readonly state: 'processing' } | { readonly state: 'done'; readonly resultCode: number; readonly resultDesc: string };

export interface MpesaGateway {
  readonly name: 'daraja' | 'sandbox';
  stkPush(request: StkPushRequest): Promise<StkPushAccepted>;
  stkQuery(checkoutRequestId: string): Promise<StkQueryResult>;
}

/** Daraja refused the phone number itself: the payer's to fix (400), not an outage (502). */
export class MpesaPhoneRefusedError extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'MpesaPhoneRefusedError';
  }
}
