import { describe, expect, it } from 'vitest';
import {
  exportPercent,
  liveBackoffMs,
  notificationHubUrl,
  parseCommentsChanged,
  parseDataChanged,
  parseExportProgress,
  parseNotification,
} from './live';

describe('live connection', () => {
  it('backs off 1, 2, 4 ... seconds up to 30', () => {
    expect([0, 1, 2, 3, 4, 5, 6, 10].map(liveBackoffMs)).toEqual([
      1000, 2000, 4000, 8000, 16000, 30000, 30000, 30000,
    ]);
  });

  it('puts the token in the query, encoded', () => {
    expect(notificationHubUrl('https://x/', 'a.b+c')).toBe(
      'https://x/api/v1/NotificationHub?access_token=a.b%2Bc',
    );
    expect(notificationHubUrl('', 't')).toBe('/api/v1/NotificationHub?access_token=t');
  });

  it('reads notification and data-changed events, refusing other data', () => {
    expect(parseNotification('{"Id":"1","Title":"Hi","Body":"B","Url":"/x","CreatedAt":"t"}')).toEqual({
      Id: '1',
      Title: 'Hi',
      Body: 'B',
      Url: '/x',
      CreatedAt: 't',
    });
    expect(parseNotification('{"Title":"no id"}')).toBeNull();
    expect(parseNotification('not json')).toBeNull();
    expect(parseDataChanged('{"APIName":"Product","Id":7}')).toEqual({ APIName: 'Product', Id: 7 });
    expect(parseDataChanged('{"APIName":"Product"}')).toBeNull();
    expect(parseCommentsChanged('{"APIName":"Product","Id":7}')).toEqual({ APIName: 'Product', Id: 7 });
    expect(parseCommentsChanged('{"APIName":"Product","Id":"7"}')).toBeNull();
    expect(parseCommentsChanged('nope')).toBeNull();
  });

  it("reads an export's progress and gives its whole percentage", () => {
    expect(parseExportProgress('{"APIName":"Product","Rows":5000,"Total":100000}')).toEqual({
      APIName: 'Product',
      Rows: 5000,
      Total: 100000,
    });
    expect(parseExportProgress('{"APIName":"Product","Rows":-1,"Total":10}')).toBeNull();
    expect(parseExportProgress('{"APIName":"Product","Rows":1.5,"Total":10}')).toBeNull();
    expect(parseExportProgress('{"Rows":1,"Total":10}')).toBeNull();
    expect(parseExportProgress('nope')).toBeNull();
    expect([
      exportPercent(0, 100_000),
      exportPercent(33_333, 100_000),
      exportPercent(100_000, 100_000),
    ]).toEqual([0, 33, 100]);
    expect([exportPercent(0, 0), exportPercent(7, 5)]).toEqual([0, 100]);
  });
});
