/**
 * The fields that name a record, in the order they are tried: what a person calls the record when a
 * dialog asks about it ("Delete “Desk lamp 12”?").
 */
export const NAMING_FIELDS = [
  'Name',
  'Title',
  'FullName',
  'DisplayName',
  'Username',
  'Subject',
  'Code',
  'Sku',
  'BillNo',
] as const;

/** How a record is named to a person: its first naming field with a value, else "#<Id>", else null. */
export function recordName(row: Readonly<Record<string, unknown>>): string | null {
  for (const field of NAMING_FIELDS) {
    const value = row[field];
    if ((typeof value === 'string' && value.trim() !== '') || typeof value === 'number') {
      return String(value).trim();
    }
  }
  const id = row.Id;
  return typeof id === 'number' || (typeof id === 'string' && id !== '') ? `#${id}` : null;
}
