// The seller's registration numbers (common/sellerNumbers.ts): known-valid numbers of real organisations and of the
// Federal Tax Service's examples pass, one changed digit or a wrong length does not.
import { innMatchesOgrn, isValidInn, isValidOgrn } from '../../common/sellerNumbers.ts';

/** The same number with one digit changed (the one at `index`, plus one). */
const spoiled = (value: string, index: number) => value.slice(0, index) + String((Number(value[index]) + 1) % 10) + value.slice(index + 1);

describe('ИНН', () => {
  it.each([
    ['7707083893', 'ПАО Сбербанк'],
    ['7736207543', 'ООО «Яндекс»'],
    ['7830002293', 'an organisation of St Petersburg'],
    ['500100732259', 'the tax service’s example of a person'],
    ['771234567859', 'the demo’s fictitious ИП'],
  ])('%s (%s) is valid', (inn) => {
    expect(isValidInn(inn)).toBe(true);
  });

  it('refuses a changed digit anywhere, a wrong length and anything but digits', () => {
    for (const inn of ['7707083893', '500100732259']) {
      for (let index = 0; index < inn.length; index += 1) expect(isValidInn(spoiled(inn, index)), `${inn} at ${index}`).toBe(false);
    }
    for (const inn of ['', '770708389', '77070838930', '5001007322590', '770708389a', ' 7707083893', '7707 083893']) expect(isValidInn(inn), inn).toBe(false);
  });
});

describe('ОГРН and ОГРНИП', () => {
  it.each([
    ['1027700132195', 'ПАО Сбербанк'],
    ['1027700229193', 'ООО «Яндекс»'],
    ['1037739010891', 'an organisation of Moscow'],
    ['304500116000157', 'the tax service’s example of an ИП'],
    ['319774600123453', 'the demo’s fictitious ИП'],
  ])('%s (%s) is valid', (ogrn) => {
    expect(isValidOgrn(ogrn)).toBe(true);
  });

  it('refuses a changed digit anywhere, a wrong length and anything but digits', () => {
    for (const ogrn of ['1027700132195', '304500116000157']) {
      for (let index = 0; index < ogrn.length; index += 1) expect(isValidOgrn(spoiled(ogrn, index)), `${ogrn} at ${index}`).toBe(false);
    }
    for (const ogrn of ['', '102770013219', '10277001321950', '3045001160001570', '102770013219x', '7707083893']) expect(isValidOgrn(ogrn), ogrn).toBe(false);
  });
});

describe('ИНН and ОГРН of one seller', () => {
  it('agree for an organisation (10 and 13 digits) and for an ИП (12 and 15)', () => {
    expect(innMatchesOgrn('7707083893', '1027700132195')).toBe(true);
    expect(innMatchesOgrn('500100732259', '304500116000157')).toBe(true);
    expect(innMatchesOgrn('7707083893', '304500116000157')).toBe(false);
    expect(innMatchesOgrn('500100732259', '1027700132195')).toBe(false);
  });
});
