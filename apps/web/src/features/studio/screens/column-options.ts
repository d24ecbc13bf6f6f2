/**
 * The column options the studio edits in a form, by group (part 2 section 3; meanings in
 * column-options.md). Every other option is edited in the screen's JSON view; adding one here is one
 * entry, drawn by the one options form.
 */
export type OptionField = {
  /** Where in the column's `more`: `['button', 'color']`. */
  path: readonly string[];
  label: string;
  kind: 'text' | 'textarea' | 'boolean' | 'colour';
  hint?: string;
};

export type OptionGroup = { id: string; label: string; fields: readonly OptionField[] };

export const COLUMN_OPTION_FORM: readonly OptionGroup[] = [
  {
    id: 'confirmation',
    label: 'Confirmation',
    fields: [
      {
        path: ['confirmMsg'],
        label: 'Message before the action',
        kind: 'textarea',
        hint: 'Asked in a dialog before a click or a change runs; nothing runs without OK.',
      },
      { path: ['titleConfirm'], label: 'Title of the dialog', kind: 'text' },
    ],
  },
  {
    id: 'button',
    label: 'Button',
    fields: [
      { path: ['button', 'title'], label: 'Text of the button', kind: 'text' },
      {
        path: ['button', 'icon'],
        label: 'Icon',
        kind: 'text',
        hint: 'A Bootstrap icon name, such as check2.',
      },
      { path: ['button', 'color'], label: 'Colour', kind: 'colour' },
      { path: ['button', 'outline'], label: 'Outlined', kind: 'boolean' },
      { path: ['button', 'titleTooltip'], label: 'Tooltip', kind: 'text' },
    ],
  },
  {
    id: 'link',
    label: 'Link',
    fields: [
      {
        path: ['link'],
        label: 'Address',
        kind: 'text',
        hint: 'A path such as /orders/[Id]; [Field] takes the row’s value.',
      },
      { path: ['linkTitle'], label: 'Text of the link', kind: 'text' },
      { path: ['newWindow'], label: 'Open in a new window', kind: 'boolean' },
    ],
  },
  {
    id: 'display',
    label: 'Display',
    fields: [
      { path: ['placeHolder'], label: 'Placeholder', kind: 'text' },
      { path: ['format'], label: 'Number format', kind: 'text', hint: 'Such as 0,0.00' },
      { path: ['dateFormat'], label: 'Date format', kind: 'text', hint: 'Such as DD/MM/YYYY' },
      { path: ['className'], label: 'CSS class', kind: 'text' },
    ],
  },
];
