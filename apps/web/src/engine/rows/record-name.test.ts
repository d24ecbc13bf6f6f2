import { describe, expect, it } from 'vitest';
import { recordName } from './record-name';

describe('recordName', () => {
  it('takes the first naming field that has a value', () => {
    expect(recordName({ Id: 4, Code: 'P-4', Name: 'Desk lamp' })).toBe('Desk lamp');
    expect(recordName({ Id: 4, Name: '  ', Title: 'Release 2' })).toBe('Release 2');
    expect(recordName({ Id: 9, Username: 'ann' })).toBe('ann');
    expect(recordName({ Id: 9, BillNo: 1042 })).toBe('1042');
  });

  it('falls back to the number of the record, then to nothing', () => {
    expect(recordName({ Id: 12, Quantity: 3 })).toBe('#12');
    expect(recordName({ Quantity: 3 })).toBeNull();
  });
});
