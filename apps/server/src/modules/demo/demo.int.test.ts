import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, formEntries } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer();
  token = (await server.createUser('demo-staff')).token;
});
afterAll(() => server.close());

const order = (form: Record<string, unknown>) =>
  server.call('Demo/FormSave', { DefaultValues: { FormCode: 'order' }, DataForm: form }, token);

describe('Demo forms', () => {
  it('answers the after-change call with a map of the fields to change', async () => {
    const res = await server.call(
      'Demo/FormAfterChange',
      { Field: 'Product', DefaultValues: {}, DataForm: { Product: 'chair', Quantity: 2 } },
      token,
    );
    expect(res.body).toMatchObject({ StatusCode: 1, Data: { UnitPrice: 49, Total: 98 } });
    const cleared = await server.call(
      'Demo/FormAfterChange',
      { Field: 'Product', DataForm: { Product: '' } },
      token,
    );
    expect(cleared.body.Data).toEqual({ UnitPrice: null });
    const region = await server.call(
      'Demo/FormAfterChange',
      { Field: 'Region', DataForm: { Region: 'south' } },
      token,
    );
    expect(region.body.Data).toEqual({ DeliveryNote: 'Ships from Ho Chi Minh City' });
  });

  it('saves a valid form, audited, without its secret fields', async () => {
    const res = await order({
      Customer: 'An',
      Region: 'north',
      Quantity: '3',
      UnitPrice: 12.5,
      Password: 'x',
      Notes: '<p>hi</p>',
    });
    expect(res.body).toMatchObject({ StatusCode: 1, Msg: 'Saved.' });
    const [row] = await server.database.db
      .select()
      .from(formEntries)
      .where(eq(formEntries.id, res.body.Data.Id));
    expect(row?.data).toEqual({
      Customer: 'An',
      Region: 'north',
      Quantity: 3,
      UnitPrice: 12.5,
      Notes: '<p>hi</p>',
    });
    const [audit] = await server.database.db
      .select()
      .from(auditLog)
      .where(eq(auditLog.resource, 'Form:order'));
    expect(audit?.action).toBe('form_submit');
    const entries = await server.call('Demo/FormEntries', { FormCode: 'order' }, token);
    expect(entries.body.Data).toHaveLength(1);
    // Another user does not see them.
    const other = await server.createUser('demo-other');
    expect((await server.call('Demo/FormEntries', { FormCode: 'order' }, other.token)).body.Data).toEqual([]);
  });

  it('refuses a form breaking its rules with a 400 naming each field, and stores nothing', async () => {
    const res = await order({ Customer: '', Region: 'west', Quantity: 1, UnitPrice: -1, Kind: 'other' });
    expect(res.status).toBe(400);
    const description: string = res.body.error_description;
    expect(description.split('; ')).toEqual(
      expect.arrayContaining([
        'Customer: is required',
        'Region: must be North, Central or South',
        'UnitPrice: must be at least 0',
        'Reason: is required for other requests',
      ]),
    );
    expect((await server.call('Demo/FormEntries', { FormCode: 'order' }, token)).body.Data).toHaveLength(1);
    const survey = await server.call(
      'Demo/FormSave',
      { DefaultValues: { FormCode: 'survey' }, DataForm: { Rating: 9 } },
      token,
    );
    expect(survey.body.error_description).toContain('Rating: must be 1 to 5');
    const badCode = await server.call(
      'Demo/FormSave',
      { DefaultValues: { FormCode: '../x' }, DataForm: {} },
      token,
    );
    expect(badCode.status).toBe(400);
    expect((await server.call('Demo/FormSave', { DataForm: {} })).status).toBe(401);
  });

  it('runs the button list actions', async () => {
    expect((await server.call('Demo/Action', { Action: 'ping' }, token)).body).toMatchObject({
      StatusCode: 1,
      Msg: 'The server answered.',
    });
    expect((await server.call('Demo/Action', { Action: 'fail' }, token)).body.StatusCode).toBe(0);
    expect((await server.call('Demo/Action', { Action: 'rm -rf' }, token)).status).toBe(400);
  });
});
