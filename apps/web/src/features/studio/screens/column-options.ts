import { MODAL_SIZES, MODAL_TYPES, UI_TYPES } from '@panelwright/contract/constants';
import { optionValue } from '../../../engine/studio/screens';

/**
 * The column options the studio edits in a form, by group as part 2 section 3 groups them (meanings in
 * column-options.md). Adding an option is one entry here, drawn by the one options form; the form
 * shows what the server's rules say of each under its field.
 */
export type OptionKind =
  /** One line of text. */
  | 'text'
  | 'textarea'
  /** Checked sets true; unchecked removes the option (its default is false). */
  | 'boolean'
  /** Yes, No, or not set (the option's default applies): for options whose default is true. */
  | 'yesNo'
  | 'number'
  /** A colour such as #057e38, or a theme colour name. */
  | 'colour'
  /** One of `choices`. */
  | 'choice'
  /** A row field of the screen's resource. */
  | 'field'
  /** Row fields separated by commas. */
  | 'fields'
  /** A JSON object (a style, a map from value to colour, an embedded screen's config...). */
  | 'json';

export type OptionField = {
  /** Where in the column's `more`: `['button', 'color']`. */
  path: readonly string[];
  label: string;
  kind: OptionKind;
  /** What the option does, shown under the field. */
  hint: string;
  /** The values of a `choice`. */
  choices?: readonly string[];
};

export type OptionGroup = { id: string; label: string; fields: readonly OptionField[] };

const STYLE_HINT = 'A CSS style as JSON, such as {"fontWeight": "bold"}.';

export const COLUMN_OPTION_FORM: readonly OptionGroup[] = [
  {
    id: 'visibility',
    label: 'Visibility',
    fields: [
      {
        path: ['canShow'],
        label: 'Show the cells',
        kind: 'yesNo',
        hint: 'No hides the content of every cell of the column; the column stays.',
      },
      {
        path: ['fCanShow'],
        label: 'Show when this field is true',
        kind: 'field',
        hint: 'A row field: where it is false, the row’s cell is hidden.',
      },
      {
        path: ['hideOfIds'],
        label: 'Hidden in the rows',
        kind: 'text',
        hint: 'Ids of rows whose cell is hidden, separated by commas.',
      },
    ],
  },
  {
    id: 'value',
    label: 'Value and text',
    fields: [
      {
        path: ['fValue'],
        label: 'Value from the field',
        kind: 'field',
        hint: 'The cell shows and edits this row field instead of the column’s own.',
      },
      {
        path: ['fText'],
        label: 'Text from the field',
        kind: 'field',
        hint: 'The row field holding the text shown for the value, such as a choice’s label.',
      },
    ],
  },
  {
    id: 'modal',
    label: 'Modal',
    fields: [
      {
        path: ['modal', 'type'],
        label: 'What the modal shows',
        kind: 'choice',
        choices: MODAL_TYPES,
        hint: 'A click on the cell opens a modal of this kind, drawn from its configuration.',
      },
      {
        path: ['modal', 'title'],
        label: 'Title',
        kind: 'text',
        hint: 'The modal’s title; [Field] takes the row’s value.',
      },
      {
        path: ['modal', 'fTitle'],
        label: 'Title from the field',
        kind: 'field',
        hint: 'A row field whose value is the title.',
      },
      {
        path: ['modal', 'size'],
        label: 'Size',
        kind: 'choice',
        choices: MODAL_SIZES,
        hint: 'lg (the default), xm (small) or full (the whole window).',
      },
      {
        path: ['modal', 'canShowModal'],
        label: 'Opens',
        kind: 'yesNo',
        hint: 'No keeps the modal closed for every row.',
      },
      {
        path: ['modal', 'fCanShowModal'],
        label: 'Opens when this field is true',
        kind: 'field',
        hint: 'A row field: where it is false, a click opens nothing.',
      },
      {
        path: ['modal', 'config'],
        label: 'Configuration of the modal',
        kind: 'json',
        hint: 'What the modal draws: a screen’s code, a form’s fields… as JSON.',
      },
      {
        path: ['apiCheckShowModal'],
        label: 'Ask the server first',
        kind: 'json',
        hint: 'An Api config called before opening; the modal opens only if the answer says IsShow.',
      },
    ],
  },
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
      {
        path: ['fConfirmMsg'],
        label: 'Message from the field',
        kind: 'field',
        hint: 'A row field holding the message; it wins over the fixed one where the row has it.',
      },
      { path: ['titleConfirm'], label: 'Title of the dialog', kind: 'text', hint: 'Confirm when empty.' },
    ],
  },
  {
    id: 'button',
    label: 'Button',
    fields: [
      {
        path: ['button', 'title'],
        label: 'Text of the button',
        kind: 'text',
        hint: 'The cell shows a button with this text.',
      },
      {
        path: ['button', 'icon'],
        label: 'Icon',
        kind: 'text',
        hint: 'A Bootstrap icon name, such as check2.',
      },
      {
        path: ['button', 'hasIconAndText'],
        label: 'Icon and text',
        kind: 'boolean',
        hint: 'Shows both the icon and the text, not only the icon.',
      },
      {
        path: ['button', 'color'],
        label: 'Colour',
        kind: 'colour',
        hint: 'A colour such as #057e38, or a theme colour such as success.',
      },
      {
        path: ['button', 'outline'],
        label: 'Outlined',
        kind: 'boolean',
        hint: 'Only the border is coloured.',
      },
      {
        path: ['button', 'titleTooltip'],
        label: 'Tooltip',
        kind: 'text',
        hint: 'Shown when the pointer rests on the button.',
      },
      {
        path: ['button', 'fTitleTooltip'],
        label: 'Tooltip from the field',
        kind: 'field',
        hint: 'A row field holding the tooltip.',
      },
      {
        path: ['button', 'disabled'],
        label: 'Disabled',
        kind: 'boolean',
        hint: 'The button cannot be clicked in any row.',
      },
      {
        path: ['button', 'fDisabled'],
        label: 'Disabled when this field is true',
        kind: 'field',
        hint: 'A row field: where it is true, the row’s button cannot be clicked.',
      },
      {
        path: ['button', 'colorByValue'],
        label: 'Colour by value',
        kind: 'json',
        hint: 'The colour for each value of the cell, such as {"1": "success", "0": "secondary"}.',
      },
      {
        path: ['button', 'iconByValue'],
        label: 'Icon by value',
        kind: 'json',
        hint: 'The icon for each value of the cell, such as {"1": "check2", "0": "x"}.',
      },
      {
        path: ['button', 'className'],
        label: 'CSS class',
        kind: 'text',
        hint: 'A class added to the button.',
      },
      { path: ['button', 'style'], label: 'Style', kind: 'json', hint: STYLE_HINT },
    ],
  },
  {
    id: 'embedded',
    label: 'Embedded screen',
    fields: [
      {
        path: ['myui', 'type'],
        label: 'Kind of screen',
        kind: 'choice',
        choices: UI_TYPES.filter((type) => type !== ''),
        hint: 'The cell draws a screen of this kind inside it.',
      },
      {
        path: ['myui', 'config'],
        label: 'Its configuration',
        kind: 'json',
        hint: 'What that screen is given, as JSON.',
      },
    ],
  },
  {
    id: 'icon',
    label: 'Icon',
    fields: [
      {
        path: ['icon'],
        label: 'Icon',
        kind: 'text',
        hint: 'A Bootstrap icon name: the cell shows it, active when the value is true.',
      },
      {
        path: ['configIcon', 'hideWhenNoActive'],
        label: 'Hide when inactive',
        kind: 'boolean',
        hint: 'Shows nothing where the value is false.',
      },
      { path: ['configIcon', 'style'], label: 'Style when active', kind: 'json', hint: STYLE_HINT },
      { path: ['configIcon', 'styleInactive'], label: 'Style when inactive', kind: 'json', hint: STYLE_HINT },
      {
        path: ['configIcon', 'className'],
        label: 'CSS class',
        kind: 'text',
        hint: 'A class added to the icon.',
      },
    ],
  },
  {
    id: 'photo',
    label: 'Photo',
    fields: [
      {
        path: ['showPhoto'],
        label: 'Show as photos',
        kind: 'boolean',
        hint: 'The value is an image address (or a list of them); a click opens it large.',
      },
      {
        path: ['fPhoto'],
        label: 'Photos from the field',
        kind: 'field',
        hint: 'A row field holding the addresses instead.',
      },
      {
        path: ['maxHeight'],
        label: 'Largest height',
        kind: 'text',
        hint: 'In pixels, such as 80; 120 when empty.',
      },
      {
        path: ['maxWidth'],
        label: 'Largest width',
        kind: 'text',
        hint: 'In pixels, such as 80; 120 when empty.',
      },
      { path: ['noScale'], label: 'Full size', kind: 'boolean', hint: 'The photo keeps its own size.' },
      { path: ['styleImg'], label: 'Style of the photo', kind: 'json', hint: STYLE_HINT },
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
      {
        path: ['fLink'],
        label: 'Address from the field',
        kind: 'field',
        hint: 'A row field holding the address.',
      },
      { path: ['linkTitle'], label: 'Text of the link', kind: 'text', hint: 'The cell’s value when empty.' },
      {
        path: ['fLinkTitle'],
        label: 'Text from the field',
        kind: 'field',
        hint: 'A row field holding the text.',
      },
      { path: ['newWindow'], label: 'Open in a new window', kind: 'yesNo', hint: 'Yes when not set.' },
      {
        path: ['autoOpenLink'],
        label: 'Open the answer’s link at once',
        kind: 'boolean',
        hint: 'When an action answers with a link, it opens without a click.',
      },
    ],
  },
  {
    id: 'styling',
    label: 'Styling',
    fields: [
      {
        path: ['color'],
        label: 'Text colour',
        kind: 'colour',
        hint: 'A colour such as #057e38, or a theme colour such as success.',
      },
      {
        path: ['fColor'],
        label: 'Text colour from the field',
        kind: 'field',
        hint: 'A row field holding the colour.',
      },
      {
        path: ['fBorderLeftColor'],
        label: 'Left border from the field',
        kind: 'field',
        hint: 'A row field holding a colour: the cell gets a left border in it.',
      },
      { path: ['className'], label: 'CSS class', kind: 'text', hint: 'A class added to each cell.' },
      {
        path: ['classNameWithColField'],
        label: 'CSS class from the field',
        kind: 'field',
        hint: 'A row field whose value is added as a class.',
      },
      {
        path: ['autoTextWB'],
        label: 'Break long words',
        kind: 'boolean',
        hint: 'Long words wrap instead of overflowing.',
      },
      {
        path: ['styleByValue'],
        label: 'Style by value',
        kind: 'json',
        hint: 'A style for each value, such as {"Late": {"color": "red"}}.',
      },
      { path: ['styleInput'], label: 'Style of the input', kind: 'json', hint: STYLE_HINT },
      { path: ['styleTextarea'], label: 'Style of the text area', kind: 'json', hint: STYLE_HINT },
      { path: ['styleControl'], label: 'Style of the control', kind: 'json', hint: STYLE_HINT },
      { path: ['styleDisabled'], label: 'Style when not editable', kind: 'json', hint: STYLE_HINT },
      {
        path: ['styleInherit'],
        label: 'Control takes the cell’s style',
        kind: 'boolean',
        hint: 'The edit control inherits the cell’s colours and font.',
      },
    ],
  },
  {
    id: 'editing',
    label: 'Editing',
    fields: [
      {
        path: ['fCanEdit'],
        label: 'Editable when these fields are true',
        kind: 'fields',
        hint: 'Row fields separated by commas; any false makes the cell read-only.',
      },
      {
        path: ['fLock'],
        label: 'Locked when these fields are true',
        kind: 'fields',
        hint: 'Row fields separated by commas; any true makes the cell read-only.',
      },
      { path: ['placeHolder'], label: 'Placeholder', kind: 'text', hint: 'Shown in the empty edit control.' },
      {
        path: ['clickToSelect'],
        label: 'Select the text on focus',
        kind: 'boolean',
        hint: 'Entering the control selects its text, ready to be typed over.',
      },
      {
        path: ['usingI18n'],
        label: 'Translate the values',
        kind: 'boolean',
        hint: 'Choice and display texts pass through the screen’s texts (Texts page).',
      },
    ],
  },
  {
    id: 'formats',
    label: 'Formats',
    fields: [
      { path: ['format'], label: 'Number format', kind: 'text', hint: 'Such as 0,0.00' },
      { path: ['dateFormat'], label: 'Date format', kind: 'text', hint: 'Such as DD/MM/YYYY' },
    ],
  },
  {
    id: 'display',
    label: 'Display',
    fields: [
      {
        path: ['configDisplay', 'showShortText'],
        label: 'Cut long texts',
        kind: 'boolean',
        hint: 'A long text ends with … after the number of characters below.',
      },
      {
        path: ['configDisplay', 'countShort'],
        label: 'Characters kept',
        kind: 'number',
        hint: '50 when empty.',
      },
      {
        path: ['configDisplay', 'text'],
        label: 'Fixed text',
        kind: 'text',
        hint: 'Every cell shows this text instead of its value.',
      },
      {
        path: ['configDisplay', 'configFormat'],
        label: 'Display format',
        kind: 'text',
        hint: 'A number or date format for the display only.',
      },
      {
        path: ['configDisplay', 'isHide'],
        label: 'Hide the display',
        kind: 'boolean',
        hint: 'The cell shows nothing but its control.',
      },
      {
        path: ['configTitleTooltip', 'text'],
        label: 'Tooltip',
        kind: 'text',
        hint: 'Shown when the pointer rests on the cell.',
      },
      {
        path: ['configTitleTooltip', 'fText'],
        label: 'Tooltip from the field',
        kind: 'field',
        hint: 'A row field holding the tooltip.',
      },
    ],
  },
  {
    id: 'update',
    label: 'Update behaviour',
    fields: [
      {
        path: ['updateUIRelative'],
        label: 'Refresh these fields after a change',
        kind: 'fields',
        hint: 'Other fields of the row, separated by commas, redrawn from the saved row.',
      },
      {
        path: ['updateFunction'],
        label: 'Update call',
        kind: 'text',
        hint: 'A call (Name or Path/Name) made instead of the usual update.',
      },
      {
        path: ['waitApi'],
        label: 'Wait for the row’s calls',
        kind: 'boolean',
        hint: 'While a call of the row runs, the cell waits and takes no edits.',
      },
      {
        path: ['customRowBeforeRequest'],
        label: 'Send these fields with the update',
        kind: 'fields',
        hint: 'Row fields, separated by commas, added to the update’s request data.',
      },
      {
        path: ['customDefaultValues'],
        label: 'Default values',
        kind: 'json',
        hint: 'Fixed values sent with a form or an action, such as {"Status": 1}.',
      },
      {
        path: ['fDefaultValues'],
        label: 'Default values from fields',
        kind: 'text',
        hint: 'Row fields, separated by commas, whose values are sent too.',
      },
      {
        path: ['excludeDefaultValues'],
        label: 'Fields left out',
        kind: 'fields',
        hint: 'Fields never sent as default values, separated by commas.',
      },
    ],
  },
  {
    id: 'reloads',
    label: 'Reloads',
    fields: [
      {
        path: ['needReloadListMain'],
        label: 'Reload the list',
        kind: 'boolean',
        hint: 'After a change or an action, the screen’s list reloads.',
      },
      {
        path: ['needReloadOptionsAndListMain'],
        label: 'Reload the choices and the list',
        kind: 'boolean',
        hint: 'The screen’s choices (filters, selects) reload, then its list.',
      },
      {
        path: ['needReloadMaster'],
        label: 'Reload the main table',
        kind: 'boolean',
        hint: 'The table this one details reloads.',
      },
      {
        path: ['needReloadAfterUpdateFields'],
        label: 'Reload after this field changes',
        kind: 'boolean',
        hint: 'A change of this field reloads the list.',
      },
      {
        path: ['needLoadingFullRow'],
        label: 'Whole row waits',
        kind: 'boolean',
        hint: 'The whole row shows as loading during the change, not only the cell.',
      },
      {
        path: ['queryWithQuerySharedPage'],
        label: 'Send the page’s filters',
        kind: 'boolean',
        hint: 'The page’s filters and search go with the request.',
      },
    ],
  },
  {
    id: 'api',
    label: 'Api config',
    fields: [
      {
        path: ['api', 'name'],
        label: 'Call',
        kind: 'text',
        hint: 'The action called, such as Approve: /api/v1/{path}/{name}.',
      },
      { path: ['api', 'path'], label: 'Resource', kind: 'text', hint: 'The screen’s API name when empty.' },
      {
        path: ['api', 'url'],
        label: 'Address',
        kind: 'text',
        hint: 'A whole address instead of resource and call.',
      },
      {
        path: ['api', 'method'],
        label: 'Method',
        kind: 'choice',
        choices: ['POST', 'GET', 'PUT', 'DELETE'],
        hint: 'POST when empty.',
      },
      {
        path: ['api', 'request'],
        label: 'Request',
        kind: 'json',
        hint: 'Values merged into the body, as JSON.',
      },
      {
        path: ['api', 'queryByField'],
        label: 'Values from fields',
        kind: 'json',
        hint: 'Body values taken from the row, such as {"OrderId": "Id"}.',
      },
      {
        path: ['api', 'query'],
        label: 'Values from templates',
        kind: 'json',
        hint: 'Body values with [Field] templates, as JSON.',
      },
      {
        path: ['api', 'needReloadList'],
        label: 'Reload the list',
        kind: 'boolean',
        hint: 'After success, the list reloads.',
      },
      {
        path: ['api', 'needReloadRow'],
        label: 'Reload the row',
        kind: 'boolean',
        hint: 'After success, the row is read again.',
      },
      {
        path: ['api', 'needReloadOptionsAndList'],
        label: 'Reload the choices and the list',
        kind: 'boolean',
        hint: 'After success, the choices then the list reload.',
      },
      {
        path: ['api', 'needReloadPage'],
        label: 'Reload the page',
        kind: 'boolean',
        hint: 'After success, the whole page reloads.',
      },
      {
        path: ['api', 'needSendMsg'],
        label: 'Show the answer’s message',
        kind: 'boolean',
        hint: 'The answer’s Msg shows as a notice.',
      },
      {
        path: ['api', 'needReExpand'],
        label: 'Open the row again',
        kind: 'boolean',
        hint: 'An expanded row is expanded again after success.',
      },
    ],
  },
];

/** How many options of a group a column's `more` sets. */
export function setOptionCount(group: OptionGroup, more: Record<string, unknown> | undefined): number {
  return group.fields.filter((field) => optionValue(more, field.path) !== undefined).length;
}

/** The fields of a button of the screen's header (`screenConfig.Header.buttonList`), drawn like the options. */
export const SCREEN_BUTTON_FIELDS: readonly OptionField[] = [
  { path: ['title'], label: 'Text of the button', kind: 'text', hint: 'A button needs a text or an icon.' },
  { path: ['icon'], label: 'Icon', kind: 'text', hint: 'A Bootstrap icon name, such as check2.' },
  {
    path: ['color'],
    label: 'Colour',
    kind: 'choice',
    choices: ['primary', 'secondary', 'success', 'danger', 'warning', 'info', 'light', 'dark'],
    hint: 'A theme colour; primary when not set.',
  },
  {
    path: ['confirmMsg'],
    label: 'Message before the action',
    kind: 'textarea',
    hint: 'Asked in a dialog before the button acts; nothing runs without OK.',
  },
  {
    path: ['api', 'name'],
    label: 'Call',
    kind: 'text',
    hint: 'The action called, such as Approve: /api/v1/{path}/{name}.',
  },
  { path: ['api', 'path'], label: 'Resource', kind: 'text', hint: 'The screen’s API name when empty.' },
  {
    path: ['link'],
    label: 'Address',
    kind: 'text',
    hint: 'Opened when the button makes no call, such as /orders/new.',
  },
  { path: ['newWindow'], label: 'Open in a new window', kind: 'yesNo', hint: 'Yes when not set.' },
];
