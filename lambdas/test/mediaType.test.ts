import { mediaTypeOf } from '../src/http/mediaType';

describe('mediaTypeOf (the content-type package)', () => {
  it.each([
    ['application/json', 'application/json', true],
    ['Application/JSON ; Charset="UTF-8"', 'application/json', true],
    ['application/x-www-form-urlencoded;charset=utf-8', 'application/x-www-form-urlencoded', true],
    ['application/json; charset=latin1', 'application/json', false],
    ['text/plain; format=flowed', 'text/plain', true],
    [undefined, '', true],
    ['', '', true],
  ])('%p is %p, UTF-8 %p', (header, type, utf8) => {
    expect(mediaTypeOf(header)).toEqual({ type, utf8 });
  });
});
