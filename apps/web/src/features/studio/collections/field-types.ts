import type { CollectionFieldType } from '@panelwright/contract/config-items';

/** The label of each kind of field, as the studio's texts name it. */
export const FIELD_TYPE_TEXTS = {
  text: 'Text',
  longText: 'Long text',
  richText: 'Rich text',
  integer: 'Whole number',
  decimal: 'Decimal number',
  money: 'Money',
  percent: 'Percent',
  boolean: 'Yes or no',
  date: 'Date',
  dateTime: 'Date and time',
  time: 'Time',
  choice: 'Choice',
  multipleChoice: 'Multiple choice',
  colour: 'Colour',
  email: 'E-mail',
  url: 'Web address',
  json: 'JSON',
  file: 'File',
  photo: 'Photo',
  relation: 'Relation',
  inverse: 'Related records',
} as const;

export const FIELD_TYPE_LABELS: Record<CollectionFieldType, string> = FIELD_TYPE_TEXTS;
