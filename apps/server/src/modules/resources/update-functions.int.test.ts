// A column's own update function (part 2 section 7): `Product/UpdatePrice` takes the UpdateFields body
// and may change the price only, under the same permission and rules.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startTestServer, type TestServer } from '../../testing/harness';

let server: TestServer;
let admin = '';
let staff = '';
let id = 0;

beforeAll(async () => {
  server = await startTestServer();
  admin = await server.signIn();
  staff = (await server.createUser('price-staff')).token;
  const added = await server.call(
    'Product/AddNew',
    { Sku: 'UPF-1', Name: 'Lamp', Price: 10, Quantity: 1 },
    admin,
  );
  expect(added.body.StatusCode).toBe(1);
  id = added.body.Data.Id;
});
afterAll(() => server.close());

describe('Product/UpdatePrice', () => {
  it('saves the price through its own function and answers the row', async () => {
    const saved = await server.call(
      'Product/UpdatePrice',
      { Id: id, Values: [{ FieldName: 'Price', NewValue: 12.5 }] },
      staff,
    );
    expect(saved.body.StatusCode).toBe(1);
    expect(saved.body.Data).toMatchObject({ Id: id, Price: 12.5 });
  });

  it('refuses other fields, and bad values as UpdateFields does', async () => {
    const other = await server.call(
      'Product/UpdatePrice',
      { Id: id, Values: [{ FieldName: 'Name', NewValue: 'Desk' }] },
      staff,
    );
    expect(other.status).toBe(400);
    expect(other.body.error_description).toBe('Name: cannot be changed by Product/UpdatePrice');
    const negative = await server.call(
      'Product/UpdatePrice',
      { Id: id, Values: [{ FieldName: 'Price', NewValue: -1 }] },
      staff,
    );
    expect(negative.status).toBe(400);
    expect((await server.call('Product/Detail', { Id: id }, staff)).body.Data).toMatchObject({
      Name: 'Lamp',
      Price: 12.5,
    });
  });

  it('exists only where a resource declares it', async () => {
    expect((await server.call('Event/UpdatePrice', { Id: 1, Values: [] }, staff)).status).toBe(404);
  });
});
