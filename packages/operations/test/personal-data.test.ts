import { EMAIL_ADDRESS_PATTERN, PHONE_NUMBER_PATTERN, scrubClientText, scrubLogText } from '../src/personal-data';

describe('the one personal-data scrubber', () => {
  it('takes from log text what client text loses too: addresses however spelt or hidden, secrets, phone numbers', () => {
    expect(scrubLogText('to amina (at) example (dot) com')).toBe('to [address]');
    expect(scrubLogText('to am\u200Bina@example.com')).toBe('to [address]');
    expect(scrubLogText('to ａｍｉｎａ＠ｅｘａｍｐｌｅ．ｃｏｍ')).toBe('to [address]');
    expect(scrubLogText('Message-ID <x@[10.0.0.1].local>')).not.toMatch(EMAIL_ADDRESS_PATTERN);
    expect(scrubLogText('Invalid API Key provided: sk_live_51HxYz')).toBe('Invalid API Key provided: sk_[redacted]');
    expect(scrubLogText('Daraja refused +254 712 345 678')).toBe('Daraja refused [phone]');
  });

  it('keeps what a log is read for: invoice and receipt numbers, amounts, times and ids', () => {
    const text = 'INV-07123456 paid 2026-11-26T07:12:34.000Z receipt SB12345678 amount 13140 id 1795677548661';
    expect(scrubLogText(text)).toBe(text);
  });

  it('takes from client text what log text loses: secrets, dotted addresses and the phone numbers the log pattern names', () => {
    expect(scrubClientText('key sk_test_abc123 for x@[10.0.0.1].local', 200)).toBe('key sk_[redacted] for [email]');
    expect(scrubClientText('call 0712 345 678', 200)).not.toMatch(PHONE_NUMBER_PATTERN);
  });

  it('takes from client text what only it loses: order numbers, digit runs, quoted values, queries; script locations stay', () => {
    expect(scrubClientText('INV-00000042 QKJ4ABC123 1795677548661 "typed" /pay?phone=1#x at /mfe/marketing/f1234567a129/470.js:1:10', 200)).toBe(
      '[invoice] [receipt] [number] "…" /pay at /mfe/marketing/f1234567a129/470.js:1:10',
    );
  });
});
