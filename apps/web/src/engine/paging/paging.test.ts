import { describe, expect, it } from 'vitest';
import {
  formatPageRange,
  PAGE_RANGE_TEMPLATE,
  pageCount,
  pageRange,
  pageSizeStorageKey,
  readPageSize,
  writePageSize,
} from './paging';

describe('page range', () => {
  it("gives the parts of 'Showing rows {from} to {to} of {total}'", () => {
    expect(PAGE_RANGE_TEMPLATE).toBe('Showing rows {from} to {to} of {total}');
    expect(pageRange(1, 20, 45)).toEqual({ template: PAGE_RANGE_TEMPLATE, from: 1, to: 20, total: 45 });
    expect(pageRange(3, 20, 45)).toMatchObject({ from: 41, to: 45 });
    expect(formatPageRange(pageRange(2, 20, 45))).toBe('Showing rows 21 to 40 of 45');
  });

  it('shows 0 to 0 of 0 for an empty list and keeps the page in range', () => {
    expect(pageRange(1, 20, 0)).toMatchObject({ from: 0, to: 0, total: 0 });
    expect(pageRange(9, 20, 45)).toMatchObject({ from: 41, to: 45 });
    expect(pageRange(0, 20, 45)).toMatchObject({ from: 1, to: 20 });
  });

  it('fills a translated template', () => {
    expect(formatPageRange(pageRange(1, 10, 12), 'Dòng {from} đến {to} của {total}')).toBe(
      'Dòng 1 đến 10 của 12',
    );
  });

  it('counts pages, at least one', () => {
    expect(pageCount(45, 20)).toBe(3);
    expect(pageCount(40, 20)).toBe(2);
    expect(pageCount(0, 20)).toBe(1);
  });
});

describe('page size', () => {
  it('is stored under {screen code}-config', () => {
    expect(pageSizeStorageKey('ORDERS')).toBe('ORDERS-config');
  });

  it('defaults to 20', () => {
    expect(readPageSize(null)).toBe(20);
    expect(readPageSize('')).toBe(20);
    expect(readPageSize('{bad json')).toBe(20);
    expect(readPageSize('{}')).toBe(20);
  });

  it('takes a saved sizePerPage greater than 0', () => {
    expect(readPageSize('{"sizePerPage":50}')).toBe(50);
    expect(readPageSize('{"sizePerPage":"100"}')).toBe(100);
    expect(readPageSize('{"sizePerPage":0}')).toBe(20);
    expect(readPageSize('{"sizePerPage":-5}')).toBe(20);
    expect(readPageSize('{"sizePerPage":"x"}')).toBe(20);
  });

  it("falls back to the screen's configured size, and the saved one wins over it", () => {
    expect(readPageSize(null, 30)).toBe(30);
    expect(readPageSize('{"sizePerPage":50}', 30)).toBe(50);
    expect(readPageSize(null, 0)).toBe(20);
  });

  it('caps the size at the largest page the server hands out', () => {
    expect(readPageSize('{"sizePerPage":99999999}')).toBe(10_000);
  });

  it('writes the size, keeping other saved settings', () => {
    expect(JSON.parse(writePageSize('{"hidden":["A"]}', 50))).toEqual({ hidden: ['A'], sizePerPage: 50 });
    expect(JSON.parse(writePageSize(null, 10))).toEqual({ sizePerPage: 10 });
    expect(readPageSize(writePageSize('oops', 40))).toBe(40);
  });
});
