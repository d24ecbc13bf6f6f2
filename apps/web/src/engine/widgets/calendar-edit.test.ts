import { describe, expect, it } from 'vitest';
import { editEventValues, newEventBody, newEventTimes, readCalendarConfig } from './calendar';

const config = readCalendarConfig({ fTitle: 'Name', fStart: 'From', fEnd: 'To' });

describe('adding and editing calendar events', () => {
  it('starts a new event at 09:00 on a clicked day, at the clicked time in a time grid', () => {
    const day = new Date(2026, 2, 4, 0, 0);
    expect(newEventTimes(day, true)).toEqual({
      start: new Date(2026, 2, 4, 9, 0),
      end: new Date(2026, 2, 4, 10, 0),
    });
    const slot = new Date(2026, 2, 4, 13, 30);
    expect(newEventTimes(slot, false)).toEqual({ start: slot, end: new Date(2026, 2, 4, 14, 30) });
  });

  it('adds an event with the configured fields, the end only when there is one', () => {
    const start = new Date(Date.UTC(2026, 2, 4, 9));
    const end = new Date(Date.UTC(2026, 2, 4, 10));
    expect(newEventBody(config, 'Stock count', start, end)).toEqual({
      Name: 'Stock count',
      From: '2026-03-04T09:00:00.000Z',
      To: '2026-03-04T10:00:00.000Z',
    });
    expect(newEventBody(config, 'Stock count', start, null)).toEqual({
      Name: 'Stock count',
      From: '2026-03-04T09:00:00.000Z',
    });
  });

  it('saves the title only when it changed, and the times always', () => {
    const start = new Date(Date.UTC(2026, 2, 5, 9));
    const row = { Id: 1, Name: 'Stock count' };
    expect(editEventValues(config, row, 'Stock count', start, null)).toEqual([
      { FieldName: 'From', NewValue: '2026-03-05T09:00:00.000Z' },
    ]);
    expect(editEventValues(config, row, 'Inventory', start, null)).toEqual([
      { FieldName: 'Name', NewValue: 'Inventory' },
      { FieldName: 'From', NewValue: '2026-03-05T09:00:00.000Z' },
    ]);
  });
});
