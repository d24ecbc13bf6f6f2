import { describe, expect, it } from 'vitest';
import { safeParseForPeople } from '../issues';
import { collectionSchema, collectionsSchema, storageNameOf } from './collections';

const valid = {
  APIName: 'Customer',
  Title: { en: 'Customers', vn: 'Khách hàng' },
  Fields: [
    { Name: 'Name', Type: 'text', Required: true },
    { Name: 'Category', Type: 'relation', Required: false, Target: 'Category', Display: '{Name} ({Code})' },
  ],
};

const issuesOf = (value: unknown) => {
  const parsed = safeParseForPeople(collectionSchema, value);
  return parsed.success
    ? []
    : parsed.error.issues.map((issue) => `${issue.path.join('.')}: ${issue.message}`);
};

describe('a collection in the configuration', () => {
  it('accepts a collection with its fields, the same schema the file and the studio use', () => {
    expect(issuesOf(valid)).toEqual([]);
  });

  it('refuses names that are no identifiers, reserved words and names every record has', () => {
    expect(issuesOf({ ...valid, APIName: 'customer"; drop table users' })).toEqual([
      'APIName: must start with a capital and hold 2 to 40 letters or digits',
    ]);
    expect(issuesOf({ ...valid, APIName: 'Select' })).toEqual(['APIName: is a reserved word']);
    expect(issuesOf({ ...valid, APIName: 'Configuration' })).toEqual([
      'APIName: is a name of the product itself',
    ]);
    expect(issuesOf({ ...valid, Table: 'Users' })).toEqual([
      'Table: must be 1 to 24 small letters, digits or _, starting with a letter',
    ]);
    expect(issuesOf({ ...valid, Fields: [{ Name: 'CreatedBy', Type: 'text' }] })).toEqual([
      'Fields.0.Name: is a field every record has',
    ]);
  });

  it('asks each type for what it needs and refuses what it cannot have', () => {
    expect(issuesOf({ ...valid, Fields: [{ Name: 'Owner', Type: 'relation' }] })).toEqual([
      'Fields.0.Target: is required for a relation',
    ]);
    expect(issuesOf({ ...valid, Fields: [{ Name: 'Size', Type: 'choice' }] })).toEqual([
      'Fields.0.Choices: needs one option at least',
    ]);
    expect(issuesOf({ ...valid, Fields: [{ Name: 'Age', Type: 'integer', Min: 5, Max: 1 }] })).toEqual([
      'Fields.0.Max: must not be less than the minimum',
    ]);
    expect(issuesOf({ ...valid, Fields: [{ Name: 'Code', Type: 'text', Pattern: '([' }] })).toEqual([
      'Fields.0.Pattern: must be a regular expression',
    ]);
    expect(
      issuesOf({
        ...valid,
        Fields: [
          { Name: 'Name', Type: 'text' },
          { Name: 'NAME', Type: 'text' },
        ],
      }),
    ).toEqual(['Fields.1.Name: is the name of another field']);
  });

  it('refuses two collections of one name, and names storage in snake case', () => {
    const parsed = safeParseForPeople(collectionsSchema, [valid, { ...valid }]);
    expect(parsed.success).toBe(false);
    expect(storageNameOf('ItemNote')).toBe('item_note');
    expect(storageNameOf('HTTPServer')).toBe('http_server');
  });
});
