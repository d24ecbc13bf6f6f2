import { columnMoreSchema, filterConfigSchema } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { categories, products } from '../../db/schema';
import { AccessPolicy } from '../access/policy';
import { ADMINISTRATION_RESOURCES } from '../access/resources';
import { isCalendarDate, numericBounds, parseDateTime } from './column-types';
import { DECLARED_RESOURCES } from './declarations';
import { defineResource, permissions } from './define';
import { ResourceRegistry } from './registry';

const ADMIN = new AccessPolicy(['admin'], [{ code: 'admin', isAdmin: true }], []);

describe('the declared resources', () => {
  const registry = new ResourceRegistry([...DECLARED_RESOURCES, ...ADMINISTRATION_RESOURCES]);

  it('compile, with column options that parse', () => {
    for (const resource of registry.all()) {
      for (const def of Object.values(resource.columnDefs(ADMIN))) {
        if (def.Type.more)
          expect(() => columnMoreSchema.parse(JSON.parse(def.Type.more ?? ''))).not.toThrow();
      }
    }
    expect(registry.get('Product')?.selection).toHaveProperty('IM_ReturnTime');
  });

  it('say where a one-value list that grows is looked up: its cell, its select filter, its Add new control', () => {
    const product = registry.get('Product');
    if (!product) throw new Error('no Product');
    const lookup = { api: 'Product', field: 'CategoryId' };
    const defs = product.columnDefs(ADMIN);
    expect(JSON.parse(defs.CategoryId?.Type.more ?? '{}')).toMatchObject({ lookup });
    expect(JSON.parse(defs.CategoryId?.Filter?.more ?? '{}')).toEqual({ lookup });
    // A short list (the statuses) is a drop-down, as before.
    expect(JSON.parse(defs.Status?.Type.more ?? '{}')).not.toHaveProperty('lookup');
    expect(defs.Status?.Filter?.more).toBeUndefined();
    const config = product.screenConfig(ADMIN) as { Filter: unknown; AddNew: { controls: unknown[] } };
    const items = filterConfigSchema.parse(config.Filter).items ?? [];
    expect(items.find((item) => item.fieldName === 'CategoryId')?.more).toEqual({ lookup });
    expect(items.find((item) => item.fieldName === 'Status')?.more).toBeUndefined();
    expect(config.AddNew.controls).toContainEqual(
      expect.objectContaining({ fieldName: 'CategoryId', type: 'lookup', more: { lookup } }),
    );
    // Every declared screen's filters are what the contract describes.
    for (const resource of registry.all()) {
      expect(() =>
        filterConfigSchema.parse((resource.screenConfig(ADMIN) as { Filter: unknown }).Filter),
      ).not.toThrow();
    }
  });

  it('refuse declarations that would not work', () => {
    const base = {
      apiName: 'Broken',
      title: 'Broken',
      screen: { code: 'broken', uiUrl: '/broken', orderNo: 0 },
      table: products,
      permissions: permissions(['List']),
    };
    const broken = [
      [{ field: 'Name', header: 'N', type: 'text' as const }, /needs its stored column/],
      [
        { field: 'Sku', header: 'S', type: 'readonly' as const, column: products.sku, editable: true },
        /cannot be editable/,
      ],
      [{ field: 'Status', header: 'S', type: 'select' as const, column: products.status }, /needs a source/],
      [
        {
          field: 'Name',
          header: 'N',
          type: 'text' as const,
          column: products.name,
          filter: 'daterange' as const,
        },
        /cannot have a daterange filter/,
      ],
      [
        {
          field: 'Name',
          header: 'N',
          type: 'text' as const,
          column: products.name,
          folded: categories.name,
        },
        /folded copy is not a column of the resource's table/,
      ],
    ] as const;
    for (const [column, message] of broken) {
      expect(() => new ResourceRegistry([defineResource({ ...base, columns: [column] })])).toThrow(message);
    }
    const twice = defineResource({ ...base, columns: [] });
    expect(() => new ResourceRegistry([twice, twice])).toThrow(/declared twice/);
  });
});

describe('column type helpers', () => {
  it('knows what a numeric column can hold', () => {
    expect(numericBounds(products.price)).toEqual({
      min: -9_999_999_999,
      max: 9_999_999_999,
      integer: false,
    });
    expect(numericBounds(products.quantity)).toMatchObject({ max: 2_147_483_647, integer: true });
  });

  it('reads calendar dates and ISO date-times strictly', () => {
    expect(isCalendarDate('2024-02-29')).toBe(true);
    expect(isCalendarDate('2023-02-29')).toBe(false);
    expect(isCalendarDate('0999-01-01')).toBe(false);
    expect(parseDateTime('2024-05-01T10:00:00+07:00')).toBe('2024-05-01T03:00:00.000Z');
    expect(parseDateTime('2024-05-01 10:00')).toBe('2024-05-01T10:00:00.000Z');
    expect(parseDateTime('2024-05-01T24:00:00Z')).toBeNull();
    expect(parseDateTime('tomorrow')).toBeNull();
  });
});
