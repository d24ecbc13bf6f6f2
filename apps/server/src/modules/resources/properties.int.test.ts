// Property-based checks of the resource protocol against the real server: whatever the body, the
// answer is never a 5xx, and a refused call changes nothing.
import { FILTER_TYPES } from '@panelwright/contract';
import { eq, sql } from 'drizzle-orm';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditLog, products } from '../../db/schema';
import { startTestServer, type TestServer } from '../../testing/harness';

const PRODUCTS = 40;
let server: TestServer;
let token: string;

beforeAll(async () => {
  server = await startTestServer({ demoProducts: PRODUCTS });
  token = await server.signIn();
});
afterAll(() => server.close());

const FIELDS = [
  'Name',
  'Description',
  'Price',
  'Quantity',
  'Discount',
  'IsActive',
  'IsFeatured',
  'ReleaseDate',
  'RestockedAt',
  'PickupTime',
  'CategoryId',
  'Status',
  'Tags',
  'Color',
  'Website',
  'Photo',
  'NotesHtml',
  'Attributes',
  'Label',
  'Sku',
  'Id',
  'IsLocked',
  'UI_Restock',
  'UI_StyleRow',
  'IM_ReturnTime',
  'name',
];
const TRICKY = [
  null,
  '',
  ' ',
  '_empty_',
  0,
  -1,
  1e308,
  -1e308,
  2 ** 31,
  1.005,
  '12.5',
  '1e3',
  'true',
  'yes',
  'eco,nope',
  ['eco'],
  ['eco', 'gift'],
  [1, 2],
  {},
  { start: '2021-01-01', end: '2021-12-31' },
  '2024-02-29',
  '2023-02-30',
  '2024-05-01T10:00:00Z',
  '25:61',
  '#12345g',
  '#A1B2C3',
  'javascript:alert(1)',
  '/files/a.png',
  'x'.repeat(600),
  "'; drop table products; --",
  '%_\\',
  '\u0000',
  'Ω≈ç√',
  3,
  '3',
];

const fieldName = fc.oneof(fc.constantFrom(...FIELDS), fc.string({ maxLength: 20 }));
const value = fc.oneof(
  fc.constantFrom(...TRICKY),
  fc.jsonValue({ maxDepth: 2 }),
  fc.string({ maxLength: 40 }),
);
const recordId = fc.oneof(
  { weight: 4, arbitrary: fc.integer({ min: 1, max: PRODUCTS }) },
  { weight: 1, arbitrary: fc.constantFrom<unknown>(0, -5, '3', 'x', null, 2 ** 40, 1.5, [1], { Id: 1 }) },
);

const updateBody = fc.oneof(
  {
    weight: 5,
    arbitrary: fc.record(
      {
        Id: recordId,
        Values: fc.oneof(
          fc.array(fc.record({ FieldName: fieldName, NewValue: value }), { minLength: 1, maxLength: 4 }),
          fc.constantFrom<unknown>([], null, 'Name', [{ FieldName: 'Name' }]),
        ),
        IM_ReturnTime: fc.oneof(
          fc.constantFrom('2000-01-01T00:00:00.000Z', '2999-01-01T00:00:00.000Z', 'later', ''),
          fc.string({ maxLength: 30 }),
        ),
        RequestData: fc.jsonValue({ maxDepth: 1 }),
      },
      { requiredKeys: ['Id', 'Values'] },
    ),
  },
  { weight: 1, arbitrary: fc.anything() },
);

const listBody = fc.record(
  {
    Page: fc.oneof(fc.integer({ min: 1, max: 5 }), fc.constantFrom<unknown>(0, -1, 'x', 1e9, 1.5)),
    PageSize: fc.oneof(fc.integer({ min: 1, max: 60 }), fc.constantFrom<unknown>(0, 100_001, '10', null)),
    TextSearch: fc.oneof(fc.string({ maxLength: 30 }), fc.constantFrom('%', '_', "' or 1=1", 'alpine lamp')),
    Sorts: fc.array(
      fc.record({ Field: fieldName, Dir: fc.constantFrom<unknown>('asc', 'desc', 'ASC', 'up', 1) }),
      { maxLength: 3 },
    ),
    Filters: fc.array(
      fc.record({
        FieldName: fieldName,
        Type: fc.constantFrom<unknown>(...FILTER_TYPES, 'regex', ''),
        Value: value,
      }),
      { maxLength: 3 },
    ),
    UI_TimezoneOffset: fc.oneof(fc.integer({ min: -900, max: 900 }), fc.constantFrom<unknown>('x', 1.5)),
  },
  { requiredKeys: [] },
);

const snapshot = async (id: unknown) => {
  const number = typeof id === 'string' && /^\d+$/.test(id) ? Number(id) : id;
  return typeof number === 'number' && Number.isInteger(number) && number >= 1 && number <= PRODUCTS
    ? (await server.database.db.select().from(products).where(eq(products.id, number)))[0]
    : undefined;
};
const auditCount = async () =>
  (await server.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(auditLog))[0]?.n;

describe('properties', () => {
  it('UpdateFields never answers 5xx and a refused call writes nothing', async () => {
    await fc.assert(
      fc.asyncProperty(updateBody, async (body) => {
        const id = (body as { Id?: unknown } | null)?.Id;
        const before = await snapshot(id);
        const audits = await auditCount();
        const res = await server.call('Product/UpdateFields', body, token);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status !== 200 || res.body.StatusCode !== 1) {
          expect(await snapshot(id)).toEqual(before);
          expect(await auditCount()).toBe(audits);
        } else {
          expect(res.body.Data.Id).toBe(Number(id));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('List never answers 5xx and pages within bounds', async () => {
    await fc.assert(
      fc.asyncProperty(listBody, async (body) => {
        const res = await server.call('Product/List', body, token);
        expect(res.status, res.text).toBeLessThan(500);
        if (res.status === 200) {
          const { Data, Total } = res.body.Data;
          expect(Data.length).toBeLessThanOrEqual(typeof body.PageSize === 'number' ? body.PageSize : 20);
          expect(Total).toBeGreaterThanOrEqual(Data.length);
        } else {
          expect(res.body.error_description).toEqual(expect.any(String));
        }
      }),
      { numRuns: 150 },
    );
  });

  it('AddNew never answers 5xx and a refused call adds nothing', async () => {
    const body = fc.dictionary(fieldName, value, { maxKeys: 6 });
    await fc.assert(
      fc.asyncProperty(body, async (fields) => {
        const count = async () =>
          (await server.database.db.select({ n: sql<number>`cast(count(*) as integer)` }).from(products))[0]
            ?.n;
        const before = await count();
        const res = await server.call('Product/AddNew', fields, token);
        expect(res.status, res.text).toBeLessThan(500);
        expect(await count()).toBe(res.body?.StatusCode === 1 ? (before ?? 0) + 1 : before);
      }),
      { numRuns: 100 },
    );
  });
});
