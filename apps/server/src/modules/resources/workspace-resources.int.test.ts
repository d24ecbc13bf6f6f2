import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin: string;
let staff: string;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  staff = (await server.createUser('calendar-staff')).token;
});
afterAll(() => server.close());

describe('Event (the calendar)', () => {
  it('adds events, lists a date range of Start, and reschedules through UpdateFields', async () => {
    const add = (Title: string, Start: string, End: string) =>
      server.call(
        'Event/AddNew',
        { DefaultValues: {}, DataForm: { Title, Start, End, Category: 'task' } },
        staff,
      );
    const first = await add('Stock count', '2026-04-10T09:00:00Z', '2026-04-10T10:30:00Z');
    expect(first.body.StatusCode).toBe(1);
    await add('Planning', '2026-05-02T09:00:00Z', '2026-05-02T10:00:00Z');
    const april = await server.call(
      'Event/List',
      {
        PageSize: 100,
        Filters: [
          { FieldName: 'Start', Type: 'daterange', Value: { start: '2026-04-01', end: '2026-04-30' } },
        ],
      },
      staff,
    );
    expect(april.body.Data.Data.map((e: any) => e.Title)).toEqual(['Stock count']);

    const event = first.body.Data;
    const moved = await server.call(
      'Event/UpdateFields',
      {
        Id: event.Id,
        IM_ReturnTime: event.IM_ReturnTime,
        Values: [
          { FieldName: 'Start', NewValue: '2026-04-12T09:00:00.000Z' },
          { FieldName: 'End', NewValue: '2026-04-12T10:30:00.000Z' },
        ],
      },
      staff,
    );
    expect(moved.body.StatusCode).toBe(1);
    expect(moved.body.Data).toMatchObject({
      Start: '2026-04-12T09:00:00.000Z',
      End: '2026-04-12T10:30:00.000Z',
    });
    // A second drag from the old copy of the row is a stale write.
    const stale = await server.call(
      'Event/UpdateFields',
      {
        Id: event.Id,
        IM_ReturnTime: event.IM_ReturnTime,
        Values: [{ FieldName: 'Start', NewValue: '2026-04-13T09:00:00Z' }],
      },
      staff,
    );
    expect(stale.body.StatusCode).toBe(0);
    expect((await server.call('Event/Delete', { Id: event.Id }, staff)).status).toBe(403);
    expect((await server.call('Event/Delete', { Id: event.Id }, admin)).body.StatusCode).toBe(1);
  });

  it('validates its fields', async () => {
    const res = await server.call('Event/AddNew', { Title: '', Start: 'tomorrow', Category: 'party' }, staff);
    expect(res.status).toBe(400);
    expect(res.body.error_description).toMatch(/Title: is required/);
    expect(res.body.error_description).toMatch(/Start: must be a date and time/);
  });
});

describe('Place and Sale', () => {
  it('keeps coordinates in range and lets staff only read places', async () => {
    const bad = await server.call('Place/AddNew', { Name: 'Nowhere', Latitude: 95, Longitude: 200 }, admin);
    expect(bad.status).toBe(400);
    expect(bad.body.error_description).toMatch(/Latitude: must be at most 90/);
    const ok = await server.call(
      'Place/AddNew',
      { Name: 'Hue', Latitude: '16.463713', Longitude: 107.590866 },
      admin,
    );
    expect(ok.body.Data).toMatchObject({ Latitude: 16.463713, Longitude: 107.590866, Category: 'office' });
    expect((await server.call('Place/AddNew', { Name: 'x', Latitude: 1, Longitude: 1 }, staff)).status).toBe(
      403,
    );
    expect((await server.call('Place/List', {}, staff)).body.Data.Total).toBe(1);
  });

  it('names the field of a refused sale', async () => {
    const res = await server.call(
      'Sale/AddNew',
      { SoldOn: '2026-01-01', Region: 'north', Amount: -5 },
      staff,
    );
    expect(res.status).toBe(400);
    expect(res.body.error_description).toBe('Amount: must be at least 0');
  });
});
