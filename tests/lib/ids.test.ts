import { idFromText, MAX_ID } from '../../common/ids.ts';

describe('an id written in an address', () => {
  it('is a whole number from 1 to the largest database id, written with digits only', () => {
    expect(idFromText('3')).toBe(3);
    expect(idFromText(String(MAX_ID))).toBe(MAX_ID);
  });

  it('is nothing for anything else', () => {
    for (const text of [null, undefined, '', '0', '-1', '03', '0x3', '1e3', ' 3', '3 ', '3.0', 'abc', String(MAX_ID + 1), '99999999999']) {
      expect(idFromText(text), String(text)).toBeUndefined();
    }
  });
});
