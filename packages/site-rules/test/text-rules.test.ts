import { hasNoEncodedWord, isSafeMultiLineText, isSafeOneLineText } from '../src/text-rules';

const char = (codePoint: number) => String.fromCharCode(codePoint);

describe('text a visitor may send', () => {
  it('accepts ordinary text in any script, with accents and emoji', () => {
    for (const text of ['Wanjiru Kamau', 'Zoë Müller-Ögren', 'Jean-Luc O’Neil', 'محمد', '王小明', 'Nairobi 🇰🇪', '']) {
      expect(isSafeOneLineText(text)).toBe(true);
      expect(isSafeMultiLineText(text)).toBe(true);
    }
    expect(isSafeOneLineText(undefined)).toBe(true);
  });

  it('refuses control characters, direction overrides and isolates, zero-width characters and lone surrogates', () => {
    const refused = [0x00, 0x07, 0x1b, 0x7f, 0x85, 0x200b, 0x200d, 0x200e, 0x202a, 0x202e, 0x2060, 0x2066, 0x2069, 0xfeff, 0xd800, 0xdfff];
    for (const codePoint of refused) {
      const text = `VIP${char(codePoint)}Unlimited`;
      expect([codePoint, isSafeOneLineText(text)]).toEqual([codePoint, false]);
      expect([codePoint, isSafeMultiLineText(text)]).toEqual([codePoint, false]);
    }
  });

  it('lets multi-line fields keep line breaks and tabs, and refuses them in one-line fields', () => {
    for (const text of ['line one\nline two', 'a\r\nb', 'a\tb']) {
      expect(isSafeMultiLineText(text)).toBe(true);
      expect(isSafeOneLineText(text)).toBe(false);
    }
  });

  it('accepts a well-formed surrogate pair (an emoji) while refusing either half alone', () => {
    expect(isSafeOneLineText('\ud83c\udf93')).toBe(true);
    expect(isSafeOneLineText('\ud83c')).toBe(false);
    expect(isSafeOneLineText('x\udf93')).toBe(false);
  });
});

describe('separators and direction marks beyond the C0/C1 blocks', () => {
  it('refuses the Arabic letter mark everywhere and the Unicode line and paragraph separators in one-line fields', () => {
    expect(isSafeMultiLineText('a\u061cb')).toBe(false);
    for (const separator of ['\u2028', '\u2029']) {
      expect(isSafeOneLineText(`a${separator}b`)).toBe(false);
      expect(isSafeMultiLineText(`a${separator}b`)).toBe(true);
    }
  });
});

describe('issue 40: characters a renderer may draw as nothing, and a lone CR', () => {
  // Default_Ignorable_Code_Point and the format category Cf: soft hyphen, combining grapheme joiner,
  // invisible times, a tag letter, a variation selector, the Mongolian vowel separator, Hangul fillers.
  const invisible = [0x00ad, 0x034f, 0x2062, 0xe0041, 0xfe0f, 0xfe00, 0x180e, 0x3164, 0x115f, 0xffa0, 0x1d173, 0x0600, 0xfff9];

  it.each(invisible.map((codePoint) => [codePoint.toString(16).toUpperCase().padStart(4, '0'), codePoint]))('refuses U+%s in one-line fields (names, e-mail, phone)', (_hex, codePoint) => {
    expect(isSafeOneLineText(`Basic Consul${String.fromCodePoint(codePoint)}tation`)).toBe(false);
  });

  it('still accepts visible letters and marks of every script in one-line fields', () => {
    for (const text of ['अमिता शाह', 'અમિતા શાહ', 'አበበ ቢቂላ', 'Zoë Wanjirũ', 'Nguyễn Thị', '王小明', 'محمد']) expect([text, isSafeOneLineText(text)]).toEqual([text, true]);
  });

  it('refuses a CR that does not start a CRLF in multi-line fields, and keeps CRLF', () => {
    for (const text of ['one\rtwo', 'one\r', 'one\r\r\ntwo']) expect([text, isSafeMultiLineText(text)]).toEqual([text, false]);
    expect(isSafeMultiLineText('one\r\ntwo\nthree')).toBe(true);
  });

  it('finds RFC 2047 and RFC 2231 encoded text, not an apostrophe', () => {
    for (const text of ['=?utf-8?b?QQ==?=@example.com', '=?utf-8*en?q?a?=@example.com', "a*=utf-8''%0d%0a@example.com", "a*0*=us-ascii'en'x@example.com"]) {
      expect([text, hasNoEncodedWord(text)]).toEqual([text, false]);
    }
    for (const text of ["o'brien@example.com", "Ng'ang'a", 'a*b=c@example.com']) expect([text, hasNoEncodedWord(text)]).toEqual([text, true]);
  });
});
