import { ADULT_AGE, EARLIER_YEAR, isMinor, isYearOfBirthOption, yearOfBirthOptions } from '../../common/yearOptions.ts';

describe('yearOfBirthOptions', () => {
  it('offers 11 years from the current year minus 8, then «раньше» the oldest', () => {
    const options = yearOfBirthOptions(2025);
    expect(options).toHaveLength(12);
    expect(options[0]).toEqual({ value: 2017, label: '2017' });
    expect(options[10]).toEqual({ value: 2007, label: '2007' });
    expect(options[11]).toEqual({ value: EARLIER_YEAR, label: 'раньше 2007' });
    expect(options.slice(0, 11).map((option) => option.value)).toEqual([
      2017, 2016, 2015, 2014, 2013, 2012, 2011, 2010, 2009, 2008, 2007,
    ]);
  });

  it('follows the current year it is given', () => {
    expect(yearOfBirthOptions(2030).at(-1)?.label).toBe('раньше 2012');
  });

  it('adds the year the user already has, in its place, before «раньше»', () => {
    const options = yearOfBirthOptions(2025, 1990);
    expect(options.map((option) => option.label)).toEqual([...yearOfBirthOptions(2025).slice(0, 11).map((option) => option.label), '1990', 'раньше 2007']);
    expect(yearOfBirthOptions(2025, 2010)).toEqual(yearOfBirthOptions(2025));
    expect(yearOfBirthOptions(2025, null)).toEqual(yearOfBirthOptions(2025));
  });
});

describe('isYearOfBirthOption', () => {
  it('accepts exactly the options, the «earlier» one as null or 0, and the stored year', () => {
    expect([2017, 2007, null, EARLIER_YEAR].every((year) => isYearOfBirthOption(year, 2025))).toBe(true);
    expect([2018, 2006, 1990, 1900, 2025].some((year) => isYearOfBirthOption(year, 2025))).toBe(false);
    expect(isYearOfBirthOption(1990, 2025, 1990)).toBe(true);
    expect(isYearOfBirthOption(1991, 2025, 1990)).toBe(false);
  });
});

describe('isMinor', () => {
  it('uses an adult threshold of 18', () => {
    expect(ADULT_AGE).toBe(18);
    expect(isMinor(2010, 2025)).toBe(true);
    expect(isMinor(2008, 2025)).toBe(true);
    expect(isMinor(2007, 2025)).toBe(false);
    expect(isMinor(1980, 2025)).toBe(false);
  });

  it('treats the «earlier» option and a missing year as adult', () => {
    expect(isMinor(0, 2025)).toBe(false);
    expect(isMinor(null, 2025)).toBe(false);
    expect(isMinor(undefined, 2025)).toBe(false);
  });
});
