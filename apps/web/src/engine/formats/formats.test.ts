import dayjs from 'dayjs';
import numbro from 'numbro';
import { afterEach, describe, expect, it } from 'vitest';
import {
  DATE_FORMATS,
  flatpickrToDayjsFormat,
  formatCalendarDay,
  formatCellValue,
  formatCount,
  formatDate,
  formatDateTime,
  formatMoney,
  formatNumber,
  formatPercent,
  formatTime,
  isoToPickerText,
  isValidColorText,
  isValidDateText,
  isValidTimeText,
  joinMultiSelect,
  NUMBER_FORMATS,
  PICKER_FORMATS,
  pickerTextToIso,
  REMEMBERED_FORMATS,
  rememberingFormatter,
  shortenText,
  splitMultiSelect,
} from './index';

describe('number formats', () => {
  it('has the defaults of part 1 section 9', () => {
    expect(NUMBER_FORMATS).toEqual({ number: '0,0.[0]', money: '0,0.[00]', percent: '0,0.[00]' });
  });

  it('formats numbers as 0,0.[0] with decimal comma and thousand dot', () => {
    expect(formatNumber(1234567.891)).toBe('1.234.567,9');
    expect(formatNumber(1234)).toBe('1.234');
    expect(formatNumber('1234.56')).toBe('1.234,6');
    expect(formatNumber(-1500)).toBe('-1.500');
  });

  it('writes counts whole with the thousand symbol', () => {
    expect(formatCount(100000)).toBe('100.000');
    expect(formatCount(20)).toBe('20');
  });

  it('formats money with the default pattern 0,0.[00], its two decimals always shown (currency)', () => {
    expect(formatMoney(1234567.891)).toBe('1.234.567,89');
    expect(formatMoney(12)).toBe('12,00');
    expect(formatMoney(792.9)).toBe('792,90');
    // A pattern of its own keeps its decimals; optional ones are written for money.
    expect(formatMoney(12.5, '0,0.[0]')).toBe('12,5');
  });

  it('formats percent values given in percent units', () => {
    expect(formatPercent(12.5)).toBe('12,5%');
    expect(formatPercent(1500)).toBe('1.500%');
    expect(formatPercent(12.5, '0.0%')).toBe('12,5%');
    expect(formatPercent(12.345, '0.00')).toBe('12,35%');
  });

  it('takes a custom numbro pattern', () => {
    expect(formatNumber(1234.5, '0,0.00')).toBe('1.234,50');
    expect(formatNumber(1234.5, '0.000')).toBe('1234,500');
  });

  it('shows empty and non-numeric values as they are', () => {
    expect(formatNumber(null)).toBe('');
    expect(formatNumber(undefined)).toBe('');
    expect(formatNumber('abc')).toBe('abc');
    expect(formatNumber('')).toBe('');
  });

  describe('when numbro speaks another language', () => {
    afterEach(() => numbro.setLanguage('en-US'));
    it('still writes the product symbols', () => {
      numbro.registerLanguage(
        {
          ...numbro.languageData('en-US'),
          languageTag: 'xx-XX',
          delimiters: { thousands: ' ', decimal: '/' },
        },
        true,
      );
      expect(formatNumber(1234.5)).toBe('1.234,5');
    });
  });
});

describe('date formats', () => {
  it('has the defaults of part 1 section 9', () => {
    expect(DATE_FORMATS).toEqual({ date: 'DD-MMMYY', datetime: 'DD-MMMYY HH:mm', time: 'HH:mm' });
  });

  it('formats dates as DD-MMMYY and date-times as DD-MMMYY HH:mm', () => {
    expect(formatDate('2024-03-05')).toBe('05-Mar24');
    expect(formatDateTime('2024-03-05T14:07:00')).toBe('05-Mar24 14:07');
    expect(formatDate('2024-03-05T14:07:00', 'YYYY/MM/DD')).toBe('2024/03/05');
    expect(formatDate(new Date(2024, 2, 5))).toBe('05-Mar24');
  });

  it('heads a calendar day with the weekday, then day before month', () => {
    expect(formatCalendarDay(2024, 2, 4)).toBe('Mon 04/03');
  });

  it('formats times of day and date-times as HH:mm', () => {
    expect(formatTime('8:05')).toBe('08:05');
    expect(formatTime('18:30:45')).toBe('18:30');
    expect(formatTime('2024-03-05T21:15:00')).toBe('21:15');
    expect(formatTime('18:30', 'h:mm A')).toBe('6:30 PM');
  });

  it('shows empty values empty and non-dates as they are', () => {
    expect(formatDate(null)).toBe('');
    expect(formatDate('')).toBe('');
    expect(formatDate('not a date')).toBe('not a date');
    expect(formatDate('12')).toBe('12');
    expect(formatDate('2024-13-45')).toBe('2024-13-45');
    expect(formatDate({})).toBe('[object Object]');
  });
});

describe('cell formatters', () => {
  it('formats by cell type with the column pattern when given', () => {
    expect(formatCellValue('number', 1234.56)).toBe('1.234,6');
    expect(formatCellValue('money', 1234.567)).toBe('1.234,57');
    expect(formatCellValue('percent', 50)).toBe('50%');
    expect(formatCellValue('date', '2024-03-05')).toBe('05-Mar24');
    expect(formatCellValue('datetime', '2024-03-05T10:00:00')).toBe('05-Mar24 10:00');
    expect(formatCellValue('time', '10:00:00')).toBe('10:00');
    expect(formatCellValue('date', '2024-03-05', 'DD/MM/YYYY')).toBe('05/03/2024');
    expect(formatCellValue('number', 3, '0.00')).toBe('3,00');
    expect(formatCellValue('number', 3, '  ')).toBe('3');
  });

  it('shows other types as their text, JSON as readable key: value text on one line', () => {
    expect(formatCellValue('text', 1234.56)).toBe('1234.56');
    expect(formatCellValue('readonly', null)).toBe('');
    expect(formatCellValue('json', { a: 1, b: [2] })).toBe('a: 1 · b: 2');
    expect(formatCellValue('json', '{"a":1}')).toBe('a: 1');
  });
});

describe('value checks', () => {
  it('cuts short text to the limit (50 by default) and ends it with ...', () => {
    const long = 'x'.repeat(60);
    expect(shortenText(long)).toBe(`${'x'.repeat(50)}...`);
    expect(shortenText('x'.repeat(50))).toBe('x'.repeat(50));
    expect(shortenText('abcdef', 3)).toBe('abc...');
    expect(shortenText('abcdef', 0)).toBe('abcdef');
    expect(shortenText('😀😀😀😀', 2)).toBe('😀😀...');
  });

  it('checks times as hh:mm with hour under 24 and minute under 60', () => {
    expect(isValidTimeText('00:00')).toBe(true);
    expect(isValidTimeText('23:59')).toBe(true);
    expect(isValidTimeText('23:59:59')).toBe(true);
    expect(isValidTimeText('24:00')).toBe(false);
    expect(isValidTimeText('12:60')).toBe(false);
    expect(isValidTimeText('12:30:60')).toBe(false);
    expect(isValidTimeText('9:30')).toBe(false);
    expect(isValidTimeText('ab:cd')).toBe(false);
    expect(isValidTimeText(930)).toBe(false);
  });

  it('checks colours: # and 7 characters', () => {
    expect(isValidColorText('#057e38')).toBe(true);
    expect(isValidColorText('#FFF')).toBe(false);
    expect(isValidColorText('057e388')).toBe(false);
    expect(isValidColorText('#057e3')).toBe(false);
    expect(isValidColorText('#057e388')).toBe(false);
    expect(isValidColorText('#zzzzzz')).toBe(false);
    expect(isValidColorText(null)).toBe(false);
  });

  it('checks dates in the yyyy-mm-dd form', () => {
    expect(isValidDateText('2024-02-29')).toBe(true);
    expect(isValidDateText('2024-02-29T10:00:00')).toBe(true);
    expect(isValidDateText('2023-02-29')).toBe(false);
    expect(isValidDateText('2024-13-01')).toBe(false);
    expect(isValidDateText('2024-00-01')).toBe(false);
    expect(isValidDateText('05/03/2024')).toBe(false);
    expect(isValidDateText('2024-3-5')).toBe(false);
    expect(isValidDateText(undefined)).toBe(false);
  });
});

describe('multi-select values', () => {
  it('splits by the separator, comma by default', () => {
    expect(splitMultiSelect('a, b,,c')).toEqual(['a', 'b', 'c']);
    expect(splitMultiSelect('a|b', '|')).toEqual(['a', 'b']);
    expect(splitMultiSelect('a,b', '')).toEqual(['a', 'b']);
    expect(splitMultiSelect([1, 2])).toEqual(['1', '2']);
    expect(splitMultiSelect(5)).toEqual(['5']);
    expect(splitMultiSelect(null)).toEqual([]);
  });

  it('joins with the separator', () => {
    expect(joinMultiSelect(['a', 'b'])).toBe('a,b');
    expect(joinMultiSelect(['a', '', 'b'], ';')).toBe('a;b');
  });
});

describe('picker formats', () => {
  it('uses d/m/Y and d/m/Y H:i, and H:i for times (24-hour)', () => {
    expect(PICKER_FORMATS).toEqual({ date: 'd/m/Y', datetime: 'd/m/Y H:i', time: 'H:i' });
    expect(flatpickrToDayjsFormat('d/m/Y H:i')).toBe('DD/MM/YYYY HH:mm');
    expect(flatpickrToDayjsFormat('j-n-y \\at G:i K')).toBe('D-M-YY [a][t] hh:mm A');
  });

  it('turns ISO text into picker text', () => {
    expect(isoToPickerText('2024-03-05', 'date')).toBe('05/03/2024');
    expect(isoToPickerText('2024-03-05T14:30:00', 'datetime')).toBe('05/03/2024 14:30');
    expect(isoToPickerText('', 'date')).toBe('');
    expect(isoToPickerText('nope', 'date')).toBe('');
    expect(isoToPickerText(null, 'date')).toBe('');
    expect(isoToPickerText('08:30:00', 'time')).toBe('08:30');
    expect(isoToPickerText('25:00', 'time')).toBe('');
  });

  it('turns picker text back into ISO text, strictly', () => {
    expect(pickerTextToIso('05/03/2024', 'date')).toBe('2024-03-05');
    expect(pickerTextToIso('05/03/2024 14:30', 'datetime')).toBe('2024-03-05T14:30:00');
    expect(pickerTextToIso('31/02/2024', 'date')).toBeNull();
    expect(pickerTextToIso('2024-03-05', 'date')).toBeNull();
    expect(pickerTextToIso('', 'date')).toBeNull();
    expect(pickerTextToIso('18:05', 'time')).toBe('18:05');
    expect(pickerTextToIso('6:05 PM', 'time')).toBeNull();
  });

  it('round-trips', () => {
    const iso = dayjs('2024-12-31T23:59:00').format('YYYY-MM-DDTHH:mm:ss');
    expect(pickerTextToIso(isoToPickerText(iso, 'datetime'), 'datetime')).toBe(iso);
  });
});

describe('rememberingFormatter', () => {
  it('formats a text or number value once per pattern, and gives the same text as the formatter', () => {
    const seen: unknown[] = [];
    const format = rememberingFormatter((value, pattern) => {
      seen.push(value);
      return formatNumber(value, pattern);
    });
    expect(format(1234.5)).toBe(formatNumber(1234.5));
    expect(format(1234.5)).toBe('1.234,5');
    expect(format(1234.5, '0.00')).toBe('1234,50');
    expect(format('1234.5')).toBe('1.234,5');
    expect(seen).toEqual([1234.5, 1234.5, '1234.5']);
  });

  it('passes other values through every time, and keeps at most REMEMBERED_FORMATS texts', () => {
    let calls = 0;
    const format = rememberingFormatter((value) => {
      calls += 1;
      return String(value);
    });
    const date = new Date(0);
    format(date);
    format(date);
    format(null);
    format(null);
    expect(calls).toBe(4);
    for (let value = 0; value <= REMEMBERED_FORMATS; value++) format(value);
    calls = 0;
    format(REMEMBERED_FORMATS);
    expect(calls).toBe(0);
    format(0);
    expect(calls).toBe(1);
  });
});
