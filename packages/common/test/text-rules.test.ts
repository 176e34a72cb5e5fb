import { isSafeMultiLineText, isSafeOneLineText } from '../src/text-rules';

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
