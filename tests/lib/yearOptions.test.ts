import { ADULT_AGE, EARLIER_YEAR, isMinor, yearOfBirthOptions } from '../../common/yearOptions.ts';

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
