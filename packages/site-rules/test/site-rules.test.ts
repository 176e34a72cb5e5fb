import { advisoryPackageList, refundRules } from '../src/advisory-packages';
import { catalogue, CUSTOM_LINE_LABEL, CUSTOM_NAME_TAKEN_MESSAGE, findCatalogueService, isCatalogueServiceName, isCustomItemId, orderLineLabel } from '../src/catalogue';
import { checkoutSchema, CHECKOUT_MESSAGES } from '../src/checkout-schema';
import { serviceNameProblem } from '../src/custom-service-schema';
import { UNSAFE_TEXT_MESSAGE } from '../src/text-rules';
import { formatOfficeDate } from '../src/dates';
import { dollarsToCents, formatUsd, formatKes, WrittenNumber } from '../src/money';
import { pageTitle, site, validateSite } from '../src/site';

describe('the catalogue', () => {
  it('holds the twelve catalogue services at their USD prices', () => {
    expect(catalogue.map((s) => [s.id, s.priceCents / 100])).toEqual([
      ['basic-consultation', 25],
      ['university-research', 150],
      ['application-review', 200],
      ['essay-editing', 250],
      ['visa-guidance', 300],
      ['scholarship-assistance', 350],
      ['interview-prep', 400],
      ['career-counseling', 500],
      ['multi-university', 750],
      ['premium-package', 1500],
      ['relocation-support', 2000],
      ['vip-unlimited', 2500],
    ]);
  });
  it('finds a service by id and tells custom ids apart', () => {
    expect(findCatalogueService('essay-editing')?.priceCents).toBe(25_000);
    expect(findCatalogueService('nope')).toBeUndefined();
    expect(isCustomItemId('custom-1700000000000')).toBe(true);
    expect(isCustomItemId('essay-editing')).toBe(false);
  });
});

describe('money', () => {
  it('formats cents as dollars with two decimals', () => {
    expect(formatUsd(250_000)).toBe('$2,500.00');
    expect(formatUsd(0)).toBe('$0.00');
    expect(formatUsd(5)).toBe('$0.05');
    expect(formatUsd(123_456_789)).toBe('$1,234,567.89');
    expect(formatUsd(-2_550)).toBe('-$25.50');
  });
  it('reads exactly as Intl.NumberFormat en-US currency for every catalogue price', () => {
    const intl = new Intl.NumberFormat('en-US', { style: 'currency', currency: 'USD' });
    for (const cents of [...catalogue.map((s) => s.priceCents), 99, 100_000, 99_999_999]) {
      expect(formatUsd(cents)).toBe(intl.format(cents / 100));
    }
  });
  it('formats shillings', () => {
    expect(formatKes(35_000)).toBe('KES 35,000');
    expect(formatKes(999)).toBe('KES 999');
    expect(formatKes(1_250_000.4)).toBe('KES 1,250,000');
  });
  it('takes a price exactly as the client wrote it (a WrittenNumber from the JSON reader), at most two decimals (issue 40)', () => {
    for (const written of ['25.0000000000000001', '24.999999999999999999', '2.5e1', '25.100', '1e400', '', ' 25', '25.', '.5', '0x19', '+25']) {
      expect([written, dollarsToCents(new WrittenNumber(written))]).toEqual([written, null]);
    }
    expect(dollarsToCents(new WrittenNumber('25.00'))).toBe(2_500);
    expect(dollarsToCents(new WrittenNumber('25.10'))).toBe(2_510);
    expect(dollarsToCents(new WrittenNumber('2500.5'))).toBe(250_050);
    expect(dollarsToCents(new WrittenNumber('-0'))).toBe(0);
  });
  it('converts dollars to cents and refuses fractions of a cent or non-numbers', () => {
    expect(dollarsToCents(25)).toBe(2_500);
    expect(dollarsToCents(19.99)).toBe(1_999);
    expect(dollarsToCents(1.005)).toBeNull();
    expect(dollarsToCents(25.000000001)).toBeNull();
    expect(dollarsToCents(24.999999999)).toBeNull();
    expect(dollarsToCents(1e-7)).toBeNull();
    expect(dollarsToCents(0.1)).toBe(10);
    expect(dollarsToCents(10_000.5)).toBe(1_000_050);
    expect(dollarsToCents('25')).toBeNull();
    expect(dollarsToCents(Number.NaN)).toBeNull();
  });
});

describe('the checkout schema', () => {
  const valid = { fullName: '  Amina Njeri ', email: ' amina@example.com ', phone: '+254 712 345 678', acceptTerms: true };
  it('trims and accepts valid data', async () => {
    const data = await checkoutSchema.validate(valid);
    expect(data.fullName).toBe('Amina Njeri');
    expect(data.email).toBe('amina@example.com');
  });
  it('gives the checkout message for each broken field', async () => {
    const result = await checkoutSchema
      .validate({ fullName: ' A ', email: 'not-an-email', phone: '12345', acceptTerms: false }, { abortEarly: false })
      .catch((error: { inner: { path: string; message: string }[] }) => error.inner);
    const messages = Object.fromEntries((result as { path: string; message: string }[]).map((e) => [e.path, e.message]));
    expect(messages).toEqual({
      fullName: CHECKOUT_MESSAGES.fullName,
      email: CHECKOUT_MESSAGES.email,
      phone: CHECKOUT_MESSAGES.phone,
      acceptTerms: CHECKOUT_MESSAGES.acceptTerms,
    });
  });

  const firstError = async (patch: Record<string, unknown>): Promise<Record<string, string>> => {
    try {
      await checkoutSchema.validate({ ...valid, ...patch }, { abortEarly: false });
      return {};
    } catch (error) {
      const inner = (error as { inner: { path: string; message: string }[] }).inner;
      const messages: Record<string, string> = {};
      for (const { path, message } of inner) messages[path] ??= message;
      return messages;
    }
  };

  it("refuses a phone without digits and an e-mail without a dot in its domain, in the checkout form's own words", async () => {
    for (const phone of [
      'aaaaaaaaaa',
      '+254-abc-defg',
      '----------',
      '+254 712 34x 678',
      '(((((())))))',
      '+254\t712345678',
      '+254\n712345678',
      '+254\u2028712345678',
      '+254\u202e712345678',
    ]) {
      expect([phone, await firstError({ phone })]).toEqual([phone, { phone: CHECKOUT_MESSAGES.phone }]);
    }
    for (const email of [
      'a@b',
      'amina@localhost',
      'amina@example.',
      'amina@.com',
      'amina@example..com',
      'amina@exa mple.com',
      'amina@example.c',
      '"a b"@example.com',
      'amina\u202e@example.com',
    ]) {
      expect([email, await firstError({ email })]).toEqual([email, { email: CHECKOUT_MESSAGES.email }]);
    }
    for (const phone of ['0712345678', '+254 712 345 678', '+1 (415) 555-0100', '020.123.4567']) expect(await firstError({ phone })).toEqual({});
    for (const email of ['a@b.co', 'amina.njeri+kesho@mail.example.co.ke', 'o_neil@example.org']) expect(await firstError({ email })).toEqual({});
  });

  it('refuses hidden and control characters in names, company and notes, and line breaks in one-line fields', async () => {
    const hidden = ['\u202e', '\u2066', '\u2069', '\u200b', '\ufeff', '\ud800', '\u0000', '\u001b', '\u061c'];
    for (const character of hidden) {
      const text = `Amina${character}Njeri`;
      expect(await firstError({ fullName: text, companyName: text, notes: text })).toEqual({ fullName: UNSAFE_TEXT_MESSAGE, companyName: UNSAFE_TEXT_MESSAGE, notes: UNSAFE_TEXT_MESSAGE });
    }
    // Notes are multi-line: the same break is fine there. A lone CR is not (issue 40: mail programs read
    // it as a line end of their own), but CRLF, which a browser posts for a textarea without JavaScript, is.
    for (const lineBreak of ['\n', '\r\n', '\t', '\u2028', '\u2029']) {
      expect(await firstError({ fullName: `Amina${lineBreak}Njeri`, companyName: `Kesho${lineBreak}Ltd`, notes: `first${lineBreak}second` })).toEqual({
        fullName: UNSAFE_TEXT_MESSAGE,
        companyName: UNSAFE_TEXT_MESSAGE,
      });
    }
    expect(await firstError({ fullName: 'Amina\rNjeri', companyName: 'Kesho\rLtd', notes: 'first\rsecond' })).toEqual({
      fullName: UNSAFE_TEXT_MESSAGE,
      companyName: UNSAFE_TEXT_MESSAGE,
      notes: UNSAFE_TEXT_MESSAGE,
    });
    expect(await firstError({ fullName: 'Zoë Müller-Ögren', companyName: 'محمد & 王小明 Ltd', notes: 'Two lines\nare fine 🎓' })).toEqual({});
  });
});

describe('custom lines', () => {
  it('always read as custom wherever an order is shown', () => {
    expect(orderLineLabel({ id: 'custom-1700000000000', name: 'VIP Unlimited' })).toBe(`${CUSTOM_LINE_LABEL}VIP Unlimited`);
    expect(orderLineLabel({ id: 'vip-unlimited', name: 'VIP Unlimited' })).toBe('VIP Unlimited');
  });

  it('may not take a catalogue service’s name, however it is spelt', () => {
    for (const name of [
      'VIP Unlimited',
      'vip unlimited',
      '  VIP   Unlimited ',
      'vip-unlimited',
      'ＶＩＰ Unlimited',
      'Custom: VIP Unlimited',
      'Multi-University Applications (3)',
      'Essay editing.',
    ]) {
      expect([name, isCatalogueServiceName(name)]).toEqual([name, true]);
    }
    for (const name of ['Courier', 'VIP Unlimited Plus', 'Essay translation', 'Custom']) expect([name, isCatalogueServiceName(name)]).toEqual([name, false]);
  });

  it('folds accents, other marks, small capitals and stroked letters on the pages too, as on the server (issue 40)', () => {
    for (const name of ['Basic Consultatión', 'Basic Consultaṭion', 'ᴠɪᴘ Unlimited', 'Basıc Consultation', 'Éssay Éditing', 'Visa Guidance\u0301', 'ᴇssay ᴇditing']) {
      expect([name, isCatalogueServiceName(name), serviceNameProblem(name, 'custom')]).toEqual([name, true, CUSTOM_NAME_TAKEN_MESSAGE]);
    }
    for (const name of ['Consultation for Zoë', 'Vérification des diplômes', 'ᴠɪᴘ lounge']) expect([name, isCatalogueServiceName(name)]).toEqual([name, false]);
  });

  it('compares look-alike letters through the skeleton the server passes (TR39; here a one-letter stand-in)', () => {
    const cyrillicO = 'Basic C\u043Ensultation';
    const skeleton = (text: string) => text.replaceAll('\u043E', 'o');
    expect(isCatalogueServiceName(cyrillicO)).toBe(false);
    expect(isCatalogueServiceName(cyrillicO, skeleton)).toBe(true);
    expect(isCatalogueServiceName(`Custom: ${cyrillicO}`, skeleton)).toBe(true);
    expect(isCatalogueServiceName('Courier', skeleton)).toBe(false);
  });
});

describe('the site configuration', () => {
  it('carries the business facts', () => {
    expect(site.companyNumber).toBe('PVT-6LUQ3KZ8');
    expect(site.email).toBe('support@keshoglobal.co.ke');
    expect(site.stripUniversities).toHaveLength(10);
  });
  it('refuses a malformed edit with every problem named', () => {
    expect(validateSite(site)).toBe(site);
    expect(() => validateSite({ ...site, email: 'nobody', phone: { display: 'x', e164: '0711' } })).toThrow(/email must be an e-mail address; phone.e164 must be in E.164 form/);
  });
});

describe('the advisory packages and refund rules', () => {
  it('price Basic, Complete and Premium in KES, with Complete the most popular', () => {
    expect(advisoryPackageList.map((p) => [p.name, p.feeKes, p.popular])).toEqual([
      ['Basic', 10_000, false],
      ['Complete', 35_000, true],
      ['Premium', 60_000, false],
    ]);
    expect(advisoryPackageList.filter((p) => p.paymentPlan).map((p) => p.id)).toEqual(['complete', 'premium']);
  });

  it('keep the refund windows, fee and retention figures', () => {
    expect(refundRules).toMatchObject({
      fullRefundWindowDays: 7,
      processingFeeKes: 2_000,
      basicPartialRefundPercent: 50,
      completeMinimumRetentionPercent: 25,
      premiumMinimumRetentionPercent: 30,
      appealWindowDays: 14,
    });
  });
});

describe('office dates', () => {
  const intl = new Intl.DateTimeFormat('en-GB', { day: 'numeric', month: 'long', year: 'numeric', timeZone: site.hours.timezone });
  it('gives the calendar date in Nairobi, as Intl does with the office time zone', () => {
    const instants = [
      Date.UTC(2026, 10, 22, 9, 0),
      Date.UTC(2026, 11, 31, 20, 59), // 23:59 in Nairobi
      Date.UTC(2026, 11, 31, 21, 0), // midnight in Nairobi: already the new year
      Date.UTC(2027, 1, 28, 22, 30),
      Date.UTC(2028, 1, 29, 12, 0),
      Date.UTC(2026, 5, 15, 0, 0),
    ];
    for (const instant of instants) expect(formatOfficeDate(instant)).toBe(intl.format(instant));
    expect(formatOfficeDate(Date.UTC(2026, 11, 31, 21, 0))).toBe('1 January 2027');
  });
  it('gives nothing for an invalid date', () => {
    expect(formatOfficeDate(new Date('not a date'))).toBe('');
    expect(formatOfficeDate('')).toBe('');
    expect(formatOfficeDate('2026-11-22T09:00:00.000Z')).toBe('22 November 2026');
  });
});

describe('page titles', () => {
  it('name the page, then the brand', () => {
    expect(pageTitle('Pricing')).toBe(`Pricing | ${site.brand}`);
  });
});
