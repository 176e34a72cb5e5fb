import {
  KES_PER_USD,
  KES_RATE_DATE,
  MPESA_MAX_KES,
  MPESA_MESSAGES,
  MPESA_OUTCOME_MESSAGES,
  formatMsisdn,
  maskMsisdn,
  formatRateDate,
  isMpesaAmount,
  outcomeForResultCode,
  parseMpesaPhone,
  rateHundredths,
  rateLine,
  usdCentsToKes,
} from '../src/mpesa';

describe('M-Pesa phone numbers', () => {
  it.each([
    ['0712345678', '254712345678'],
    ['0712 345 678', '254712345678'],
    ['0712-345-678', '254712345678'],
    ['0110123456', '254110123456'],
    ['0110 123 456', '254110123456'],
    ['+254712345678', '254712345678'],
    ['+254 712 345 678', '254712345678'],
    ['254712345678', '254712345678'],
    ['+254110123456', '254110123456'],
    ['254110123456', '254110123456'],
    ['  (0712) 345.678  ', '254712345678'],
  ])('normalises %j to %s', (input, msisdn) => {
    expect(parseMpesaPhone(input)).toEqual({ ok: true, msisdn });
  });

  it.each([
    '071234567', // one digit short
    '07123456789', // one too many
    '0212345678', // landline prefix
    '+255712345678', // Tanzania
    '+2540712345678', // national 0 kept after the country code
    '712345678x',
    '0712345678\u202e',
    '254812345678',
    '+1 415 555 0100',
  ])('refuses %j with the clear message', (input) => {
    expect(parseMpesaPhone(input)).toEqual({ ok: false, error: MPESA_MESSAGES.phoneInvalid });
  });

  it('asks for a number when none is given', () => {
    for (const input of ['', '   ', undefined, null, 712345678]) expect(parseMpesaPhone(input)).toEqual({ ok: false, error: MPESA_MESSAGES.phoneRequired });
  });

  it('formats a normalised number for display', () => {
    expect(formatMsisdn('254712345678')).toBe('+254 712 345 678');
    expect(formatMsisdn('nonsense')).toBe('nonsense');
  });

  it('masks a number for answers anyone holding a payment id may read: the last three digits only', () => {
    expect(maskMsisdn('254712345678')).toBe('+254 7•• ••• 678');
    expect(maskMsisdn('254110123456')).toBe('+254 1•• ••• 456');
    expect(maskMsisdn('nonsense')).toBe('+254 ••• ••• •••');
    expect(maskMsisdn('254712345678').replace(/\D/g, '')).not.toContain('712345');
  });
});

describe('USD → KES', () => {
  it('reads the rate in hundredths of a shilling', () => {
    expect(rateHundredths('129.25')).toBe(12925);
    expect(rateHundredths('129.5')).toBe(12950);
    expect(rateHundredths('130')).toBe(13000);
    for (const bad of ['', '0', '0.00', '-1', '12.345', 'abc', '1e3']) expect(() => rateHundredths(bad)).toThrow();
  });

  it('rounds up to whole shillings and is exact at whole amounts', () => {
    expect(usdCentsToKes(100, '129.25')).toBe(130); // 129.25 → 130
    expect(usdCentsToKes(400, '129.25')).toBe(517); // exactly 517
    expect(usdCentsToKes(1, '129.25')).toBe(2); // 1.2925 → 2
    expect(usdCentsToKes(0, '129.25')).toBe(0);
    expect(usdCentsToKes(150_000, '129.25')).toBe(193_875);
    // 0.1 + 0.2 style drift would turn an exact amount into one shilling more
    expect(usdCentsToKes(2_000, '130.10')).toBe(2_602);
  });

  it('refuses non-integer or negative cents', () => {
    expect(() => usdCentsToKes(1.5)).toThrow();
    expect(() => usdCentsToKes(-1)).toThrow();
  });

  it('keeps to Daraja’s per-transaction limits', () => {
    expect(isMpesaAmount(1)).toBe(true);
    expect(isMpesaAmount(MPESA_MAX_KES)).toBe(true);
    expect(isMpesaAmount(MPESA_MAX_KES + 1)).toBe(false);
    expect(isMpesaAmount(0)).toBe(false);
    expect(isMpesaAmount(2.5)).toBe(false);
  });

  it('states the configured rate with its date', () => {
    expect(() => rateHundredths(KES_PER_USD)).not.toThrow();
    expect(KES_RATE_DATE).toMatch(/^\d{4}-\d{2}-\d{2}$/);
    expect(formatRateDate('2026-11-20')).toBe('20 November 2026');
    expect(rateLine('129.25', '2026-11-20')).toBe('1 USD = 129.25 KES (rate of 20 November 2026)');
  });
});

describe('Daraja result codes', () => {
  it.each([
    [0, 'paid'],
    [1032, 'cancelled'],
    [1037, 'timeout'],
    [1, 'insufficient-funds'],
    [2001, 'wrong-pin'],
    [9999, 'failed'],
    [17, 'failed'],
  ] as const)('%i means %s', (code, outcome) => {
    expect(outcomeForResultCode(code)).toBe(outcome);
    expect(MPESA_OUTCOME_MESSAGES[outcome]).toMatch(/\.$/);
  });

  it('tells the payer no money moved for every refusal', () => {
    for (const outcome of ['cancelled', 'timeout', 'insufficient-funds', 'wrong-pin'] as const) expect(MPESA_OUTCOME_MESSAGES[outcome]).toContain('No money was taken.');
  });
});
