/**
 * The configuration of every screen UI type, as zod schemas (zod 4).
 *
 * Meant to live at packages/contract/src/config/ui-types.ts: the server validates what an
 * administrator stores (ConfigMenu/SaveScreen: `Config`, `ScreenConfig`, `UITypeContents`) with
 * `validateScreenTree`, and publishes the JSON Schema of each UI type (`uiTypeJsonSchema`) for the
 * studio's forms and editor hover help. Every key carries a one-sentence `.describe()` for that help.
 *
 * Written from what the renderers actually read (apps/web/src/renderers/*, engine/forms,
 * engine/widgets, engine/filters), not only from screen-config.md; where the two differ the
 * description says what the code does. Objects are `.strict()` (a typo is refused) wherever the
 * renderer reads a closed set of keys; the few `.catchall(z.unknown())` say why.
 *
 * Where a configuration part is read from:
 * - `config`: the screen's `Config` JSON text (`{"noSidebar": true, "html": "..."}`).
 * - `screenConfig`: the screen's `ScreenConfig` JSON text (`Configs.ScreenConfig` of the tree).
 *   Table-rendered types are the exception: they read the `ScreenConfig` of `{APIName}/Options`,
 *   which the server builds from the resource declaration; a `ScreenConfig` stored on the screen row
 *   of a table is never read (see `screenConfigSource`).
 * - `uiTypeContents`: the screen's `UITypeContents` JSON text (only dashboards read it).
 */
import { z } from 'zod';
import { apiConfigSchema, buttonOptionSchema, modalOptionSchema } from '../columns';
import { optionItemSchema } from '../common';
import { FILTER_TYPES, MAP_TILE_URL, MAX_PAGE_SIZE, UI_TYPES } from '../constants';
import { safeParseForPeople } from '../issues';

// ---------------------------------------------------------------------------------------------
// Closed sets. These mirror the web app's own lists; they belong in constants.ts next to
// FILTER_TYPES (the web app could then import them instead of keeping its own copies).
// ---------------------------------------------------------------------------------------------

/** Chart types of engine/widgets/charts.ts `CHART_KINDS` (Google naming: column is vertical, bar horizontal). */
export const CHART_TYPES = ['line', 'area', 'bar', 'column', 'pie', 'doughnut', 'number'] as const;
/** Chart looks of engine/widgets/charts.ts `CHART_STYLES`. */
export const CHART_STYLES = ['default', 'google'] as const;
/** Views of engine/widgets/calendar.ts. */
export const CALENDAR_VIEWS = ['dayGridMonth', 'timeGridWeek', 'timeGridDay'] as const;
/** Table variants of renderers/table/screen-config.ts `TABLE_VARIANTS`. */
export const TABLE_VARIANTS = ['table', 'table_list', 'table_list_card', 'table_grid_card'] as const;
/** Form control types registered in components/form-controls/controls.ts. */
export const FORM_CONTROL_TYPES = [
  'text',
  'textarea',
  'number',
  'money',
  'date',
  'datetime',
  'time',
  'select',
  'multiselect',
  'checkbox',
  'switch',
  'radio',
  'color',
  'tag',
  'file',
  'photo',
  'richtext',
  'json',
  'password',
  'lookup',
] as const;
/** Operators of engine/forms/conditions.ts `CONDITION_OPS`. */
export const CONDITION_OPS = ['eq', 'ne', 'in', 'notIn', 'empty', 'notEmpty'] as const;
/** Filter types a report draws (multiselect is drawn as a single select there; see reportFilterItemSchema). */
export const REPORT_FILTER_TYPES = ['text', 'search', 'select', 'checkbox', 'daterange'] as const;
/** Bootstrap 5 theme colours. */
export const THEME_COLOURS = [
  'primary',
  'secondary',
  'success',
  'danger',
  'warning',
  'info',
  'light',
  'dark',
] as const;

/** The most rows a report asks for (renderers/report/report-screen.tsx `MAX_REPORT_ROWS`). */
export const MAX_REPORT_ROWS = 2000;

/** The UI types (constants.ts, free of zod for the web app). */
export { UI_TYPES };
export type UiType = (typeof UI_TYPES)[number];

// ---------------------------------------------------------------------------------------------
// Shared small schemas
// ---------------------------------------------------------------------------------------------

const COLOUR_MESSAGE = 'must be a colour such as #057e38';
const FIELD_PATTERN = /^[A-Za-z_][A-Za-z0-9_]{0,99}$/;

/** A colour: #rgb, #rrggbb or a Bootstrap theme colour name (success, danger...). */
export const colourSchema = z
  .string()
  .regex(new RegExp(`^(#[0-9a-fA-F]{3}|#[0-9a-fA-F]{6}|${THEME_COLOURS.join('|')})$`), COLOUR_MESSAGE)
  .describe('A colour: #rgb, #rrggbb or a Bootstrap theme colour name such as success.');
/**
 * A theme colour name only: where the code builds a class from it (`btn-{colour}`), a hex colour
 * would make a class that does not exist.
 */
export const themeColourSchema = z
  .enum(THEME_COLOURS, { error: COLOUR_MESSAGE })
  .describe('A Bootstrap theme colour name such as primary, success or danger.');
/**
 * A #rrggbb colour only: chart.js draws with it and the chart adds a two-digit alpha to it for
 * filled areas, which neither #rgb nor a theme name survives.
 */
export const chartColourSchema = z
  .string()
  .regex(/^#[0-9a-fA-F]{6}$/, COLOUR_MESSAGE)
  .describe('A colour written as #rrggbb.');

/** A row field name, as resources spell them (`tableViewFieldSchema` of columns.ts uses the same rule). */
export const fieldNameSchema = z
  .string()
  .regex(FIELD_PATTERN, 'must be a field name such as UnitPrice')
  .describe('The name of a row field, such as UnitPrice.');
/** A comma list of field names ("Description,Notes") or a list of them. */
export const fieldListSchema = z
  .union([
    z
      .string()
      .regex(
        /^\s*[A-Za-z_][A-Za-z0-9_]*(\s*,\s*[A-Za-z_][A-Za-z0-9_]*)*\s*$/,
        'must be field names separated by commas, such as Description,Notes',
      ),
    z.array(fieldNameSchema).min(1).max(100),
  ])
  .describe('Field names, as a list or as text separated by commas.');
/** A controller name (the `APIName` rule of SaveScreen). */
export const apiNameSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'must be a controller name such as Product')
  .describe('The resource (controller) whose calls the screen makes, such as Product.');
/** An action of a controller (`List`, `SalesByMonth`). */
export const apiMethodSchema = z
  .string()
  .regex(/^[A-Za-z0-9_]{1,64}$/, 'must be an action name such as List')
  .describe('The action the screen calls for its data, List when not set.');
/** A Bootstrap icon name as the renderers use it: `bi bi-{icon}`, so without the `bi-` prefix. */
export const iconNameSchema = z
  .string()
  .regex(/^(?!bi-)[a-z0-9]+(-[a-z0-9]+)*$/, 'must be a Bootstrap icon name without bi-, such as clock')
  .describe('A Bootstrap icon name without the bi- prefix, such as clock.');
const titleText = z.string().trim().min(1).max(200);
const messageText = z.string().max(2000);
/** An option of a select, multi-select or radio (`optionItemSchema` of common.ts, closed). */
export const optionSchema = optionItemSchema
  .strict()
  .describe('One choice: its stored Value and the Text shown.');
/** RequestData: fields merged into every call; `[param]` values are filled from the address. */
export const requestDataSchema = z
  .record(z.string(), z.unknown())
  .describe(
    'Fields merged into every call the screen makes; a value such as [id] is filled from the address.',
  );

/**
 * An object given as itself or as JSON text of one (the renderers read both through `readObject`);
 * the text is checked against the same schema.
 */
function objectOrJsonText<T extends z.ZodType>(schema: T) {
  const text = z.string().superRefine((value, ctx) => {
    let parsed: unknown;
    try {
      parsed = JSON.parse(value);
    } catch {
      ctx.addIssue({ code: 'custom', message: 'must be JSON text of an object' });
      return;
    }
    const result = schema.safeParse(parsed);
    if (!result.success) {
      for (const issue of result.error.issues)
        ctx.addIssue({ code: 'custom', message: issue.message, path: issue.path as PropertyKey[] });
    }
  });
  return z.union([schema, text]);
}

// ---------------------------------------------------------------------------------------------
// Buttons (Header.buttonList)
// ---------------------------------------------------------------------------------------------

/**
 * Two renderers read `Header.buttonList` differently:
 * - a button-list screen (renderers/buttonlist) reads `title` (or `Name`), `icon`, `color`,
 *   `outline`, `confirmMsg` and `api`, nothing else;
 * - a table's toolbar (renderers/table/toolbar.tsx) lifts `title`, `icon` and `color` into a column
 *   option `button` and reads every other key as a column option (`more`) of a button cell, with the
 *   page's RequestData as the row: `api`, `modal`, `link`, confirmations... (column-options.md).
 *   There `outline` and `Name` are not read (use `button.outline`).
 */
const buttonShape = {
  title: titleText.optional().describe('The text on the button.'),
  Name: titleText
    .optional()
    .describe('Older spelling of title, read only by button-list screens when title is missing.'),
  icon: iconNameSchema
    .optional()
    .describe('A Bootstrap icon shown before the text, such as clock (without bi-).'),
  color: themeColourSchema.optional().describe('The Bootstrap colour of the button, primary when not set.'),
  outline: z
    .boolean()
    .optional()
    .describe(
      'Draws the button outlined; read by button-list screens only (a table header uses button.outline).',
    ),
  confirmMsg: messageText
    .optional()
    .describe('A question asked before the button acts; it acts only after OK.'),
  fConfirmMsg: fieldNameSchema
    .optional()
    .describe('Table header only: a field of the page RequestData holding the confirmation question.'),
  titleConfirm: titleText
    .optional()
    .describe('Table header only: the title of the confirmation dialog, Confirm when not set.'),
  api: apiConfigSchema
    .optional()
    .describe('The call the button makes: url, or path and name under /api/v1/, with its request fields.'),
  apiCheckShowModal: apiConfigSchema
    .optional()
    .describe(
      'Table header only: a call made first; the modal opens only when its answer says Data.Config.IsShow.',
    ),
  modal: modalOptionSchema
    .optional()
    .describe('Table header only: the modal the button opens when it has no api.'),
  button: buttonOptionSchema
    .optional()
    .describe(
      'Table header only: the look of the button (outline, tooltip, disabled...), as for a button column.',
    ),
  link: z
    .string()
    .max(2048)
    .optional()
    .describe('Table header only: an address opened when the button has no api or modal.'),
  fLink: fieldNameSchema
    .optional()
    .describe('Table header only: a field of the page RequestData holding the address to open.'),
  linkTitle: titleText.optional().describe('Table header only: the text of the link the button opens.'),
  fLinkTitle: fieldNameSchema
    .optional()
    .describe('Table header only: a field of the page RequestData holding the link text.'),
  newWindow: z
    .boolean()
    .optional()
    .describe('Table header only: opens links in a new window (the default) or, when false, in this one.'),
  autoOpenLink: z
    .boolean()
    .optional()
    .describe('Table header only: opens at once a single link that the call answers with.'),
  customRowBeforeRequest: z
    .string()
    .optional()
    .describe(
      'Table header only: fields of the page RequestData copied into the call request, separated by commas.',
    ),
  customDefaultValues: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Table header only: fixed values sent as DefaultValues with the call.'),
  fDefaultValues: z
    .union([z.string(), z.record(z.string(), z.string())])
    .optional()
    .describe('Table header only: DefaultValues taken from fields of the page RequestData.'),
  excludeDefaultValues: z
    .union([z.string(), z.array(z.string())])
    .optional()
    .describe('Table header only: fields left out of the DefaultValues sent.'),
  queryWithQuerySharedPage: z
    .boolean()
    .optional()
    .describe("Table header only: sends the table's current filters and search with the call."),
};

type ButtonLike = {
  title?: string;
  Name?: string;
  icon?: string;
  api?: unknown;
  modal?: unknown;
  link?: string;
  fLink?: string;
};
const buttonChecks = (needsApi: boolean) => (button: ButtonLike, ctx: z.RefinementCtx) => {
  if (!button.title && !button.Name && !button.icon)
    ctx.addIssue({ code: 'custom', message: 'a button needs a title or an icon', path: ['title'] });
  if (needsApi ? !button.api : !button.api && !button.modal && !button.link && !button.fLink)
    ctx.addIssue({
      code: 'custom',
      message: needsApi ? 'a button needs an api to call' : 'a button needs an api, a modal or a link',
      path: ['api'],
    });
};

/** A button of `Header.buttonList`, every key either renderer reads. */
export const buttonConfigSchema = z
  .object(buttonShape)
  .strict()
  .superRefine(buttonChecks(false))
  .describe('A button of the screen header: its text, icon, colour and what it does.');
/** A button of a table's header (what renderers/table/toolbar.tsx reads). */
export const tableHeaderButtonSchema = z
  .object((({ Name: _n, outline: _o, ...rest }) => rest)(buttonShape))
  .strict()
  .superRefine(buttonChecks(false))
  .describe("A button of the table's toolbar, read like a button cell whose row is the page RequestData.");
/** A button of a button-list screen (what renderers/buttonlist reads). */
export const buttonListButtonSchema = z
  .object({
    title: buttonShape.title,
    Name: buttonShape.Name,
    icon: buttonShape.icon,
    color: buttonShape.color,
    outline: buttonShape.outline,
    confirmMsg: buttonShape.confirmMsg,
    api: apiConfigSchema.describe('The call the button makes; its answer is shown under the buttons.'),
  })
  .strict()
  .superRefine(buttonChecks(true))
  .describe('A button of a button-list screen: a configured call, with an optional confirmation.');

// ---------------------------------------------------------------------------------------------
// Page, Header, Table
// ---------------------------------------------------------------------------------------------

export const pageConfigSchema = z
  .object({
    isGetOptions: z
      .boolean()
      .optional()
      .describe('Not read here: whether a table asks for its Options is the screen Config isGetOptions.'),
    sizePerPage: z
      .number()
      .int()
      .min(1)
      .max(MAX_PAGE_SIZE)
      .optional()
      .describe('How many rows a page shows until the user picks another size; 20 when not set.'),
    title: titleText.optional().describe('The heading shown when the screen itself has no title.'),
    noSidebar: z
      .boolean()
      .optional()
      .describe('Not read here: the side menu is hidden by the screen Config noSidebar.'),
  })
  .strict()
  .describe('Paging and title of a table screen.');

export const headerConfigSchema = z
  .object({
    showAddNew: z.boolean().optional().describe('Shows the Add new button, when AddNew has controls.'),
    showExport: z
      .boolean()
      .optional()
      .describe('Shows the Export button, which downloads the rows of the current filters as a spreadsheet.'),
    buttonList: z
      .array(buttonConfigSchema)
      .max(30)
      .optional()
      .describe('Buttons of the screen header, each a configured call, modal or link.'),
  })
  .strict()
  .describe('The buttons above the screen.');
/** The header a table reads. */
export const tableHeaderConfigSchema = z
  .object({
    showAddNew: headerConfigSchema.shape.showAddNew,
    showExport: headerConfigSchema.shape.showExport,
    buttonList: z
      .array(tableHeaderButtonSchema)
      .max(30)
      .optional()
      .describe("Buttons of the table's toolbar, each a configured call, modal or link."),
  })
  .strict()
  .describe("The buttons of the table's toolbar.");
/** The header a button-list screen reads: its buttons only. */
export const buttonListHeaderSchema = z
  .object({
    buttonList: z
      .array(buttonListButtonSchema)
      .min(1)
      .max(30)
      .describe('The buttons of the screen, in order.'),
  })
  .strict()
  .describe('The buttons of a button-list screen.');

/**
 * An embedded screen (`Table.expand.myui.config`), read by components/embedded-screen
 * `describeEmbeddedScreen`. Catch-all: when it has no `config` key, the object itself is the
 * embedded screen's Config, whose keys depend on its UI type.
 */
export const embeddedScreenSchema = z
  .object({
    uiType: z.enum(UI_TYPES).optional().describe('The UI type of the embedded screen, table when not set.'),
    type: z.enum(UI_TYPES).optional().describe('Older spelling of uiType.'),
    apiName: apiNameSchema.optional().describe('The resource of the embedded screen.'),
    APIName: apiNameSchema.optional().describe('Older spelling of apiName.'),
    apiMethod: apiMethodSchema.optional(),
    screenCode: z
      .string()
      .max(64)
      .optional()
      .describe('The code of the embedded screen (its translation namespace).'),
    title: titleText.optional().describe('The title of the embedded screen.'),
    id: z.string().max(64).optional().describe('The id of a stored screen to embed.'),
    config: z
      .record(z.string(), z.unknown())
      .optional()
      .describe("The embedded screen's Config; without it, the other keys are its Config."),
    requestData: z
      .record(z.string(), z.unknown())
      .optional()
      .describe('RequestData of the embedded screen; [FieldName] is filled from the expanded row.'),
  })
  .catchall(z.unknown())
  .describe('A screen drawn inside the table.');

export const expandConfigSchema = z
  .union([
    z
      .object({
        fields: fieldListSchema.describe('The fields an expanded row shows, every column when empty.'),
      })
      .strict(),
    z
      .object({
        myui: z
          .object({
            type: z.enum(UI_TYPES).optional().describe('The UI type of the screen drawn under the row.'),
            config: embeddedScreenSchema.optional(),
          })
          .strict()
          .describe('A screen drawn under the expanded row, such as a detail table.'),
      })
      .strict(),
    z.object({}).strict(),
  ])
  .describe('What an expanded row shows: some fields, or a screen of its own.');

export const tableConfigSchema = z
  .object({
    canDelete: z
      .boolean()
      .optional()
      .describe('Adds a delete column to every row when the columns have none.'),
    showID: z
      .boolean()
      .optional()
      .describe('Not read by the web app: whether the Id column shows is its column definition.'),
    expand: expandConfigSchema.optional(),
    rowStyleField: fieldNameSchema
      .optional()
      .describe('The row field holding JSON text of a style for the whole row, such as UI_StyleRow.'),
    variant: z
      .enum(TABLE_VARIANTS)
      .optional()
      .describe('How rows are drawn: a table, a list, cards in a list, or a grid of cards.'),
    gridColumns: z
      .number()
      .int()
      .min(1)
      .max(12)
      .optional()
      .describe('Cards per line of the grid-card variant; 5 when not set.'),
  })
  .strict()
  .describe('How the rows of a table are drawn.');

// ---------------------------------------------------------------------------------------------
// Filters
// ---------------------------------------------------------------------------------------------

/** `more` of a filter (engine/filters/filter-output.ts reads `separator` and `fields`). */
export const filterMoreSchema = objectOrJsonText(
  z
    .object({
      separator: z
        .string()
        .min(1)
        .max(5)
        .optional()
        .describe("The separator of a multi-select filter's stored values; a comma when not set."),
      fields: fieldListSchema
        .optional()
        .describe('The fields a search filter looks in, the filter field when not set.'),
      lookup: z
        .object({ api: apiNameSchema, field: fieldNameSchema })
        .strict()
        .optional()
        .describe(
          'A select filter of a list that grows: `{api}/Lookup` searches `field`’s options as one types (the server sets it).',
        ),
    })
    .strict(),
).describe('Extra options of the filter.');

export const filterItemSchema = z
  .object({
    type: z
      .enum(FILTER_TYPES)
      .describe('The kind of filter: text, search, select, multiselect, checkbox or daterange.'),
    fieldName: fieldNameSchema.describe('The row field the filter tests.'),
    title: titleText.optional().describe('The label of the filter, the field name when not set.'),
    isServer: z
      .boolean()
      .optional()
      .describe('Sends the filter to the server; otherwise it only filters the rows already loaded.'),
    optionKey: z
      .string()
      .regex(FIELD_PATTERN, 'must be an option list key such as Region')
      .optional()
      .describe('The option list of a select filter: {optionKey}List of the Options answer.'),
    more: filterMoreSchema.optional(),
  })
  .strict()
  .superRefine((item, ctx) => {
    if ((item.type === 'select' || item.type === 'multiselect') && !item.optionKey)
      ctx.addIssue({ code: 'custom', message: 'a select filter needs an optionKey', path: ['optionKey'] });
  })
  .describe('One filter above the rows.');

export const filterConfigSchema = z
  .object({
    show: z.boolean().optional().describe('Shows the filters; true when not set.'),
    require4ShowData: z.boolean().optional().describe('Shows no rows until a filter is chosen.'),
    items: z
      .array(filterItemSchema)
      .max(50)
      .optional()
      .describe("The filters, in order; without it the columns' own filters are offered."),
  })
  .strict()
  .describe('The filters above the rows.');

/** A filter of a report (renderers/report/report-filters.tsx reads four keys, always server-side). */
export const reportFilterItemSchema = z
  .object({
    type: z
      .enum(REPORT_FILTER_TYPES)
      .describe('The kind of filter: text, search, select, checkbox or daterange.'),
    fieldName: fieldNameSchema.describe('The row field the filter tests.'),
    title: titleText.optional().describe('The label of the filter, the field name when not set.'),
    optionKey: z
      .string()
      .regex(FIELD_PATTERN, 'must be an option list key such as Region')
      .optional()
      .describe('The option list of a select filter: {optionKey}List of the Options answer.'),
  })
  .strict()
  .superRefine((item, ctx) => {
    if (item.type === 'select' && !item.optionKey)
      ctx.addIssue({ code: 'custom', message: 'a select filter needs an optionKey', path: ['optionKey'] });
  })
  .describe('One filter of a report, sent to the server.');
export const reportFilterConfigSchema = z
  .object({
    items: z.array(reportFilterItemSchema).max(50).describe('The filters of the report, in order.'),
  })
  .strict()
  .describe('The filters above the report.');

// ---------------------------------------------------------------------------------------------
// Forms
// ---------------------------------------------------------------------------------------------

const conditionScalar = z.union([z.string().max(1000), z.number(), z.boolean(), z.null()]);

export const conditionSchema = z
  .object({
    fieldName: fieldNameSchema.describe('The other field of the form whose value is tested.'),
    op: z.enum(CONDITION_OPS).describe('The test: eq, ne, in, notIn, empty or notEmpty.'),
    value: z
      .union([conditionScalar, z.array(conditionScalar).max(200)])
      .optional()
      .describe('The value compared with (a list, or text separated by commas, for in and notIn).'),
  })
  .strict()
  .superRefine((condition, ctx) => {
    const needsValue = condition.op !== 'empty' && condition.op !== 'notEmpty';
    if (needsValue && condition.value === undefined)
      ctx.addIssue({ code: 'custom', message: `the ${condition.op} test needs a value`, path: ['value'] });
    if (!needsValue && condition.value !== undefined)
      ctx.addIssue({ code: 'custom', message: `the ${condition.op} test takes no value`, path: ['value'] });
    if ((condition.op === 'eq' || condition.op === 'ne') && Array.isArray(condition.value))
      ctx.addIssue({ code: 'custom', message: 'use in or notIn to compare with a list', path: ['value'] });
  })
  .describe("A test on another field's current value.");

/** Which `more` keys each control type reads (components/form-controls, config-form.tsx). */
const CONTROL_MORE_KEYS: Record<string, readonly string[]> = {
  '*': ['placeHolder'],
  number: ['min', 'max', 'allowDecimal', 'allowNegative'],
  money: ['min', 'max', 'allowDecimal', 'allowNegative', 'format'],
  textarea: ['rows'],
  select: ['options'],
  multiselect: ['options'],
  radio: ['options'],
  file: ['multiple'],
  photo: ['multiple'],
  lookup: ['lookup'],
};

export const controlMoreSchema = z
  .object({
    placeHolder: z.string().max(200).optional().describe('The hint shown in the empty control.'),
    options: z
      .array(optionSchema)
      .max(1000)
      .optional()
      .describe('The choices of a select, multi-select or radio, instead of an option list.'),
    min: z.number().optional().describe('The smallest number accepted.'),
    max: z.number().optional().describe('The largest number accepted.'),
    allowDecimal: z.boolean().optional().describe('Accepts decimals; true when not set.'),
    allowNegative: z.boolean().optional().describe('Accepts negative numbers; true when not set.'),
    format: z
      .string()
      .max(50)
      .optional()
      .describe('The numbro pattern the amount is shown with under a money control.'),
    rows: z
      .number()
      .int()
      .min(1)
      .max(50)
      .optional()
      .describe('The height of a text area in lines; 3 when not set.'),
    multiple: z.boolean().optional().describe('Lets a file or photo control hold several uploads.'),
    lookup: z
      .object({ api: apiNameSchema, field: fieldNameSchema })
      .strict()
      .optional()
      .describe('A lookup’s relation: `{api}/Lookup` searches the other side of its `field` as one types.'),
  })
  .strict()
  .superRefine((more, ctx) => {
    if (more.min !== undefined && more.max !== undefined && more.min > more.max)
      ctx.addIssue({ code: 'custom', message: 'min must not be above max', path: ['min'] });
  })
  .describe('Options of the control that depend on its type.');

export const formControlSchema = z
  .object({
    fieldName: fieldNameSchema.describe('The field the control edits, the key of its value in DataForm.'),
    label: z.string().max(200).optional().describe('The label of the control, the field name when not set.'),
    type: z.enum(FORM_CONTROL_TYPES).optional().describe('The kind of control, text when not set.'),
    required: z.boolean().optional().describe('The form is not sent while this shown control is empty.'),
    msgInvalid: messageText
      .optional()
      .describe('The message shown under the control when it is required and empty.'),
    default: z.unknown().optional().describe('The value the control starts with.'),
    optionKey: z
      .string()
      .regex(FIELD_PATTERN, 'must be an option list key such as Region')
      .optional()
      .describe(
        "The option list of the choices: the form's options, else {optionKey}List of the Options answer.",
      ),
    separator: z
      .string()
      .min(1)
      .max(5)
      .optional()
      .describe(
        'The separator of the values of a multi-select, tag or multiple upload; a comma when not set.',
      ),
    disabled: z.boolean().optional().describe('Shows the control without letting anyone change it.'),
    hide: z
      .array(conditionSchema)
      .max(20)
      .optional()
      .describe('The control is hidden when any of these tests holds.'),
    conditionShow: z
      .array(conditionSchema)
      .max(20)
      .optional()
      .describe('The control is shown only when all of these tests hold.'),
    more: controlMoreSchema.optional(),
  })
  .strict()
  .superRefine((control, ctx) => {
    const type = control.type ?? 'text';
    const allowed = new Set([...(CONTROL_MORE_KEYS['*'] ?? []), ...(CONTROL_MORE_KEYS[type] ?? [])]);
    for (const key of Object.keys(control.more ?? {})) {
      if (!allowed.has(key))
        ctx.addIssue({
          code: 'custom',
          message: `a ${type} control does not read ${key}`,
          path: ['more', key],
        });
    }
    const choices = type === 'select' || type === 'multiselect' || type === 'radio';
    if (choices && !control.optionKey && !control.more?.options)
      ctx.addIssue({
        code: 'custom',
        message: `a ${type} control needs an optionKey or more.options`,
        path: ['optionKey'],
      });
    if (!choices && control.optionKey)
      ctx.addIssue({
        code: 'custom',
        message: `a ${type} control does not read optionKey`,
        path: ['optionKey'],
      });
    for (const list of ['hide', 'conditionShow'] as const) {
      control[list]?.forEach((condition, index) => {
        if (condition.fieldName === control.fieldName)
          ctx.addIssue({
            code: 'custom',
            message: 'a control cannot depend on its own value',
            path: [list, index, 'fieldName'],
          });
      });
    }
  })
  .describe('One control of a form.');

type ControlLike = {
  fieldName: string;
  hide?: { fieldName: string }[];
  conditionShow?: { fieldName: string }[];
};
/** Field names unique; conditions name fields of the same form. */
function checkControls(controls: readonly ControlLike[], ctx: z.RefinementCtx, path: PropertyKey[]) {
  const names = new Set<string>();
  controls.forEach((control, index) => {
    if (names.has(control.fieldName))
      ctx.addIssue({
        code: 'custom',
        message: `${control.fieldName} has two controls`,
        path: [...path, index, 'fieldName'],
      });
    names.add(control.fieldName);
  });
  controls.forEach((control, index) => {
    for (const list of ['hide', 'conditionShow'] as const) {
      control[list]?.forEach((condition, at) => {
        if (!names.has(condition.fieldName))
          ctx.addIssue({
            code: 'custom',
            message: `${condition.fieldName} is no control of this form`,
            path: [...path, index, list, at, 'fieldName'],
          });
      });
    }
  });
}

export const addNewConfigSchema = z
  .object({
    controls: z.array(formControlSchema).max(200).describe('The controls of the Add new form, in order.'),
    closeMyModalAfterSubmit: z
      .boolean()
      .optional()
      .describe('Closes the Add new dialog once saved; true when not set (false keeps it open, emptied).'),
  })
  .strict()
  .superRefine((addNew, ctx) => checkControls(addNew.controls, ctx, ['controls']))
  .describe('The Add new form of a table.');

const formShape = {
  controls: z.array(formControlSchema).min(1).max(200).describe('The controls of the form, in order.'),
  url: z.string().max(2048).optional().describe('The address the form is sent to, instead of path and name.'),
  path: apiNameSchema
    .optional()
    .describe("The controller the form is sent to, the screen's APIName when not set."),
  name: apiMethodSchema.optional().describe('The action the form is sent to, such as FormSave.'),
  method: z
    .string()
    .regex(/^(get|post)$/i, 'must be GET or POST')
    .optional()
    .describe('GET or POST; POST when not set.'),
  afterChange: z
    .record(fieldNameSchema, apiConfigSchema)
    .optional()
    .describe("Calls made when a field changes, by field name; the answer's Data gives fields new values."),
  defaultValues: z
    .record(z.string(), z.unknown())
    .optional()
    .describe('Fixed values sent as DefaultValues with every submit and after-change call.'),
  options: z
    .record(z.string().regex(FIELD_PATTERN), z.array(optionSchema).max(1000))
    .optional()
    .describe('Option lists by key, for controls whose optionKey names one.'),
  showValues: z
    .boolean()
    .optional()
    .describe('Shows the current values under the form (for demonstrations).'),
  submitText: z.string().max(100).optional().describe('The text of the submit button, Save when not set.'),
  resetText: z.string().max(100).optional().describe('The text of the reset button, Reset when not set.'),
  closeMyModalAfterSubmit: z
    .boolean()
    .optional()
    .describe('Closes the dialog the form is in once saved; false when not set.'),
};
type FormLike = {
  controls: ControlLike[];
  url?: string;
  name?: string;
  afterChange?: Record<string, unknown>;
};
const formChecks = (form: FormLike, ctx: z.RefinementCtx) => {
  checkControls(form.controls, ctx, ['controls']);
  if (!form.url && !form.name)
    ctx.addIssue({ code: 'custom', message: 'a form needs a url, or a name to send to', path: ['name'] });
  const names = new Set(form.controls.map((control) => control.fieldName));
  for (const field of Object.keys(form.afterChange ?? {})) {
    if (!names.has(field))
      ctx.addIssue({
        code: 'custom',
        message: `${field} is no control of this form`,
        path: ['afterChange', field],
      });
  }
};
/** A form screen's form (`ScreenConfig.Form`, `Config.form`), engine/forms/form-config.ts. */
export const formConfigSchema = z
  .object(formShape)
  .strict()
  .superRefine(formChecks)
  .describe('A form: its controls, where it is sent and what it sends along.');

// ---------------------------------------------------------------------------------------------
// Chart, calendar, map, report, panel
// ---------------------------------------------------------------------------------------------

export const chartConfigSchema = z
  .object({
    chartType: z
      .enum(CHART_TYPES)
      .optional()
      .describe(
        'The kind of chart (bar is horizontal, column vertical, number a single figure); column when not set.',
      ),
    fX: fieldNameSchema
      .optional()
      .describe('The row field of the labels, the first text field when not set.'),
    fY: fieldListSchema
      .optional()
      .describe(
        'The row fields drawn as series (a number chart shows the first), every number field when not set.',
      ),
    fLabel: z
      .string()
      .max(200)
      .optional()
      .describe("The caption of a number chart, or the label of a chart's only series."),
    height: z
      .number()
      .int()
      .min(80)
      .max(2000)
      .optional()
      .describe('The height of the chart in pixels; 260 when not set.'),
    title: titleText.optional().describe("The chart's title instead of the screen's."),
    format: z.string().max(50).optional().describe('The numbro pattern of the figures, such as 0,0.[00].'),
    style: z
      .enum(CHART_STYLES)
      .optional()
      .describe('The look: default, or google for the palette and look of Google charts.'),
    colors: z
      .array(chartColourSchema)
      .min(1)
      .max(20)
      .optional()
      .describe('The colours of the series (or slices), in order, instead of the palette of the style.'),
    secondAxis: z
      .array(z.string().max(200))
      .max(20)
      .optional()
      .describe(
        'Series labels drawn against a right-hand axis; an empty list turns the automatic choice off.',
      ),
    APIName: apiNameSchema.optional().describe("The resource the data comes from, instead of the screen's."),
    APIMethod: apiMethodSchema
      .optional()
      .describe("The action the data comes from, instead of the screen's."),
  })
  .strict()
  .describe('A chart: its kind, the fields it draws and its look.');

export const calendarConfigSchema = z
  .object({
    fStart: fieldNameSchema.optional().describe('The row field of the start, Start when not set.'),
    fEnd: fieldNameSchema.optional().describe('The row field of the end, End when not set.'),
    fTitle: fieldNameSchema.optional().describe('The row field of the title, Title when not set.'),
    fColor: fieldNameSchema
      .optional()
      .describe('The row field holding the colour of the event (#rrggbb), Color when not set.'),
    fAllDay: fieldNameSchema
      .optional()
      .describe('The row field saying the event lasts all day, AllDay when not set.'),
    initialView: z
      .enum(CALENDAR_VIEWS)
      .optional()
      .describe('The view shown first: dayGridMonth (the default), timeGridWeek or timeGridDay.'),
    editable: z
      .boolean()
      .optional()
      .describe('Lets users add, edit, drag and resize events; true when not set.'),
  })
  .strict()
  .describe('Which row fields a calendar reads.');

export const mapConfigSchema = z
  .object({
    fLat: fieldNameSchema.optional().describe('The row field of the latitude, Latitude when not set.'),
    fLng: fieldNameSchema.optional().describe('The row field of the longitude, Longitude when not set.'),
    fTitle: fieldNameSchema.optional().describe('The row field of the title of a place, Name when not set.'),
    fInfo: fieldNameSchema.optional().describe('The row field of the text under the title in the popup.'),
    center: z
      .tuple([
        z.number().min(-90).max(90).describe('Latitude.'),
        z.number().min(-180).max(180).describe('Longitude.'),
      ])
      .optional()
      .describe('The latitude and longitude the map opens on; [16, 106] when not set.'),
    zoom: z.number().int().min(0).max(22).optional().describe('The zoom the map opens with; 5 when not set.'),
    height: z
      .number()
      .int()
      .min(100)
      .max(2000)
      .optional()
      .describe('The height of the map in pixels; 420 when not set.'),
    tileUrl: z
      .union([
        z.literal(''),
        z
          .string()
          .regex(
            MAP_TILE_URL,
            'must be a tile address holding {z}, {x} and {y}, such as https://tiles.example/{z}/{x}/{y}.png',
          ),
      ])
      .optional()
      .describe(
        'The tile server, such as http://tiles.local/{z}/{x}/{y}.png; empty uses the setting mapTileUrl.',
      ),
    attribution: z
      .string()
      .max(500)
      .optional()
      .describe('The credit line of the tile server; empty uses the setting mapAttribution.'),
  })
  .strict()
  .describe('Which row fields a map reads and where its tiles come from.');

export const reportConfigSchema = z
  .object({
    columns: z
      .array(fieldNameSchema)
      .max(100)
      .optional()
      .describe('The fields shown, in order; every visible column when not set.'),
    totals: z.array(fieldNameSchema).max(100).optional().describe('The number fields summed under the rows.'),
    pageSize: z
      .number()
      .int()
      .min(1)
      .max(MAX_REPORT_ROWS)
      .optional()
      .describe('How many rows the report shows at most; 500 when not set, 2000 at most.'),
  })
  .strict()
  .superRefine((report, ctx) => {
    if (!report.columns) return;
    report.totals?.forEach((field, index) => {
      if (!report.columns?.includes(field))
        ctx.addIssue({
          code: 'custom',
          message: `${field} is not among the columns, so its total would not show`,
          path: ['totals', index],
        });
    });
  })
  .describe('The columns, totals and size of a report.');

export const panelConfigSchema = z
  .object({
    columns: z
      .number()
      .int()
      .min(1)
      .max(4)
      .optional()
      .describe('Boxes per row on wide screens; 1 when not set.'),
  })
  .strict()
  .describe('How a panel lays out its boxes.');

// ---------------------------------------------------------------------------------------------
// Dashboard
// ---------------------------------------------------------------------------------------------

const placement = {
  x: z.number().int().min(0).max(23).optional().describe('The grid column the widget starts at, from 0.'),
  y: z
    .number()
    .int()
    .min(0)
    .max(1000)
    .optional()
    .describe('The grid row the widget starts at, from 0 (a row is 60 pixels).'),
  w: z
    .number()
    .int()
    .min(1)
    .max(24)
    .optional()
    .describe('How many grid columns the widget spans; the whole width when not set.'),
  h: z
    .number()
    .int()
    .min(1)
    .max(40)
    .optional()
    .describe('How many grid rows (60 pixels each) the widget spans; 4 when not set.'),
  Title: titleText.optional().describe('The heading of the widget.'),
};
const widgetExtras = {
  APIName: apiNameSchema.optional().describe('The resource the widget reads.'),
  APIMethod: apiMethodSchema.optional(),
  RequestData: requestDataSchema.optional(),
};

/**
 * A widget: a content of the dashboard by `ScreenCode`, or a screen of its own (`UIType` and
 * `Config`: the Config of that UI type plus `APIName`, `APIMethod`, `RequestData` and `ScreenConfig`).
 * Built lazily: it needs the table of UI types below, and a dashboard may hold a dashboard.
 */
let widgetUnion: z.ZodType | undefined;
export const dashboardWidgetSchema: z.ZodType = z.lazy(() => {
  widgetUnion ??= z
    .discriminatedUnion('UIType', [
      z
        .object({
          ...placement,
          UIType: z.undefined().optional(),
          ScreenCode: z
            .string()
            .min(1)
            .max(64)
            .describe('The code of the content (child screen) the widget shows.'),
        })
        .strict(),
      ...UI_TYPES.filter((type) => type !== '').map((type) =>
        z
          .object({
            ...placement,
            UIType: z.literal(type).describe('The UI type of the screen the widget shows.'),
            Config: widgetConfigSchema(type),
          })
          .strict(),
      ),
    ])
    .superRefine((widget, ctx) => {
      const { UIType, Config } = widget as { UIType?: string; Config?: Record<string, unknown> };
      if (!UIType) return;
      const entry = UI_TYPE_CONFIG[UIType as UiType];
      const chartApi = (Config?.Chart as { APIName?: string } | undefined)?.APIName;
      if (entry.apiName === 'required' && !Config?.APIName && !chartApi)
        ctx.addIssue({
          code: 'custom',
          message: `a ${UIType} widget needs an APIName`,
          path: ['Config', 'APIName'],
        });
    });
  return widgetUnion;
});

type WidgetLike = { x?: number; y?: number; w?: number; h?: number; ScreenCode?: string };
export const dashboardSchema = z
  .object({
    columns: z.number().int().min(1).max(24).optional().describe('The columns of the grid; 12 when not set.'),
    widgets: z.array(dashboardWidgetSchema).max(100).describe('The widgets of the dashboard.'),
  })
  .strict()
  .superRefine((layout, ctx) => {
    const columns = layout.columns ?? 12;
    const boxes = (layout.widgets as WidgetLike[]).map((widget, index) => {
      const x = widget.x ?? 0;
      const w = widget.w ?? columns - x;
      if (x >= columns)
        ctx.addIssue({
          code: 'custom',
          message: `x must be below the ${columns} columns`,
          path: ['widgets', index, 'x'],
        });
      else if (x + w > columns)
        ctx.addIssue({
          code: 'custom',
          message: `the widget is wider than the grid (x + w is ${x + w}, the grid has ${columns} columns)`,
          path: ['widgets', index, 'w'],
        });
      return { x, y: widget.y ?? 0, w, h: widget.h ?? 4 };
    });
    boxes.forEach((a, i) => {
      for (let j = i + 1; j < boxes.length; j++) {
        const b = boxes[j] as (typeof boxes)[number];
        if (a.x < b.x + b.w && b.x < a.x + a.w && a.y < b.y + b.h && b.y < a.y + a.h)
          ctx.addIssue({
            code: 'custom',
            message: `the widget overlaps widget ${i + 1}`,
            path: ['widgets', j],
          });
      }
    });
  })
  .describe('A grid of widgets, each a screen.');

// ---------------------------------------------------------------------------------------------
// ScreenConfig: every part; and what each UI type reads
// ---------------------------------------------------------------------------------------------

/** Every part a `ScreenConfig` may hold, all optional: the union of what the UI types read. */
export const screenConfigSchema = z
  .object({
    Page: pageConfigSchema.optional(),
    Header: headerConfigSchema.optional(),
    Table: tableConfigSchema.optional(),
    Filter: filterConfigSchema.optional(),
    AddNew: addNewConfigSchema.optional(),
    Chart: chartConfigSchema.optional(),
    Calendar: calendarConfigSchema.optional(),
    Map: mapConfigSchema.optional(),
    Report: reportConfigSchema.optional(),
    Form: formConfigSchema.optional(),
    Panel: panelConfigSchema.optional(),
    Dashboard: dashboardSchema.optional(),
  })
  .strict()
  .describe('The configuration parts of a screen.');

/** The ScreenConfig a table reads (from `{APIName}/Options`; registry.ts `screenConfig` builds it). */
export const tableScreenConfigSchema = z
  .object({
    Page: pageConfigSchema.optional(),
    Header: tableHeaderConfigSchema.optional(),
    Table: tableConfigSchema.optional(),
    Filter: filterConfigSchema.optional(),
    AddNew: addNewConfigSchema.optional(),
  })
  .strict()
  .describe("A table's paging, toolbar, rows, filters and Add new form.");
export const reportScreenConfigSchema = z
  .object({ Report: reportConfigSchema.optional(), Filter: reportFilterConfigSchema.optional() })
  .strict()
  .describe("A report's columns, totals and filters.");
export const chartScreenConfigSchema = z.object({ Chart: chartConfigSchema.optional() }).strict();
export const calendarScreenConfigSchema = z.object({ Calendar: calendarConfigSchema.optional() }).strict();
export const mapScreenConfigSchema = z.object({ Map: mapConfigSchema.optional() }).strict();
export const panelScreenConfigSchema = z.object({ Panel: panelConfigSchema.optional() }).strict();
export const dashboardScreenConfigSchema = z.object({ Dashboard: dashboardSchema.optional() }).strict();
export const buttonListScreenConfigSchema = z.object({ Header: buttonListHeaderSchema }).strict();
/** A form screen's ScreenConfig: `Form`, else `AddNew` (read as a form). */
export const formScreenConfigSchema = z
  .object({
    Form: formConfigSchema.optional(),
    AddNew: addNewConfigSchema
      .optional()
      .describe('Read as the form when there is no Form (and no Config.form).'),
  })
  .strict();
/** Nothing of ScreenConfig is read. */
export const emptyScreenConfigSchema = z
  .object({})
  .strict()
  .describe('This UI type reads nothing of ScreenConfig.');

// --- the screen's Config (JSON text of the screen entry) -------------------------------------

const commonConfigShape = {
  noSidebar: z.boolean().optional().describe('Hides the side menu while this screen is the page.'),
};
const tableConfigShape = {
  ...commonConfigShape,
  isGetOptions: z
    .boolean()
    .optional()
    .describe('Asks for {APIName}/Options (ScreenConfig, option lists) before the rows; true when not set.'),
};
/** `showCount`, which a tab reads from each of its contents' Config. */
export const tabContentConfigShape = {
  showCount: z.boolean().optional().describe('Shows the number of records of this tab next to its title.'),
};

type ConfigShape = z.ZodRawShape;
const CONFIG_SHAPES = {
  common: commonConfigShape,
  table: tableConfigShape,
  page: {
    ...commonConfigShape,
    html: z
      .string()
      .max(90_000)
      .describe('The content of the page, as HTML; it is sanitised before it shows.'),
  },
  otp: {
    ...commonConfigShape,
    message: messageText.optional().describe('The text shown above the button that asks for the code.'),
  },
  chart: {
    ...commonConfigShape,
    Chart: chartConfigSchema.optional().describe('The chart, over ScreenConfig.Chart.'),
  },
  calendar: {
    ...commonConfigShape,
    Calendar: calendarConfigSchema.optional().describe('Read only when ScreenConfig has no Calendar.'),
  },
  map: {
    ...commonConfigShape,
    Map: mapConfigSchema.optional().describe('Read only when ScreenConfig has no Map.'),
  },
  dashboard: {
    ...commonConfigShape,
    Dashboard: dashboardSchema
      .optional()
      .describe('Read only when UITypeContents and ScreenConfig.Dashboard are empty.'),
  },
  form: {
    ...commonConfigShape,
    form: formConfigSchema.optional().describe('Read only when ScreenConfig has no Form.'),
  },
} satisfies Record<string, ConfigShape>;

/** A form screen's Config: `{form: ...}`, or the form itself given flat (it has `controls`). */
const formScreenConfigConfig = (extra: ConfigShape = {}) =>
  z.union([
    z.object({ ...CONFIG_SHAPES.form, ...extra }).strict(),
    z
      .object({ ...commonConfigShape, ...formShape, ...extra })
      .strict()
      .superRefine(formChecks),
  ]);

type Kind =
  | 'table'
  | 'record'
  | 'tab'
  | 'panel'
  | 'dashboard'
  | 'chart'
  | 'report'
  | 'calendar'
  | 'map'
  | 'form'
  | 'page'
  | 'buttonlist'
  | 'otp'
  | 'plain';

const KIND_SCHEMAS: Record<
  Kind,
  { shape: ConfigShape | 'form'; screenConfig: z.ZodType; uiTypeContents?: z.ZodType }
> = {
  table: { shape: CONFIG_SHAPES.table, screenConfig: tableScreenConfigSchema },
  record: { shape: CONFIG_SHAPES.table, screenConfig: tableScreenConfigSchema },
  tab: { shape: CONFIG_SHAPES.common, screenConfig: emptyScreenConfigSchema },
  panel: { shape: CONFIG_SHAPES.common, screenConfig: panelScreenConfigSchema },
  dashboard: {
    shape: CONFIG_SHAPES.dashboard,
    screenConfig: dashboardScreenConfigSchema,
    uiTypeContents: dashboardSchema,
  },
  chart: { shape: CONFIG_SHAPES.chart, screenConfig: chartScreenConfigSchema },
  report: { shape: CONFIG_SHAPES.common, screenConfig: reportScreenConfigSchema },
  calendar: { shape: CONFIG_SHAPES.calendar, screenConfig: calendarScreenConfigSchema },
  map: { shape: CONFIG_SHAPES.map, screenConfig: mapScreenConfigSchema },
  form: { shape: 'form', screenConfig: formScreenConfigSchema },
  page: { shape: CONFIG_SHAPES.page, screenConfig: emptyScreenConfigSchema },
  buttonlist: { shape: CONFIG_SHAPES.common, screenConfig: buttonListScreenConfigSchema },
  otp: { shape: CONFIG_SHAPES.otp, screenConfig: emptyScreenConfigSchema },
  plain: { shape: CONFIG_SHAPES.common, screenConfig: emptyScreenConfigSchema },
};

/** What a UI type reads, and from where. */
export type UiTypeEntry = {
  description: string;
  /** The renderer it is drawn by (engine/screens.ts `pageTypeOf`, then renderers/index.ts). */
  pageType: string;
  /** The screen's Config JSON. */
  config: z.ZodType;
  /** What the type reads of ScreenConfig. */
  screenConfig: z.ZodType;
  /** Where that ScreenConfig is read from: the screen row, or the Options answer of its resource. */
  screenConfigSource: 'screen' | 'options';
  /** The screen's UITypeContents JSON, for the types that read it. */
  uiTypeContents?: z.ZodType;
  /** Whether child screens (Contents) are drawn. */
  contents: 'drawn' | 'drawn as tabs' | 'ignored';
  /** Whether the screen needs an APIName. */
  apiName: 'required' | 'optional' | 'unused';
  /** The schema's Config with the keys a tab adds to its contents (`showCount`). */
  configInTab: z.ZodType;
};

type EntryOptions = Partial<Pick<UiTypeEntry, 'contents' | 'apiName' | 'screenConfigSource'>>;
type Definition = [kind: Kind, pageType: string, description: string, options?: EntryOptions];

const TABLE = 'A table of {APIName}/List rows';
const DEFINITIONS: Record<UiType, Definition> = {
  '': ['table', 'admin_table', `${TABLE} (an empty UI type means table).`],
  table: ['table', 'admin_table', `${TABLE}, drawn as Table.variant says.`],
  table_list: ['table', 'admin_table_list', `${TABLE}, drawn as a list.`],
  table_list_card: ['table', 'admin_table_list_card', `${TABLE}, drawn as cards one under the other.`],
  table_grid_card: [
    'table',
    'admin_table_grid_card',
    `${TABLE}, drawn as a grid of Table.gridColumns cards.`,
  ],
  admin_table: ['table', 'admin_table', 'The page type of table, usable as a UI type.'],
  admin_table_list: ['table', 'admin_table_list', 'The page type of table_list, usable as a UI type.'],
  admin_table_list_card: [
    'table',
    'admin_table_list_card',
    'The page type of table_list_card, usable as a UI type.',
  ],
  admin_table_grid_card: [
    'table',
    'admin_table_grid_card',
    'The page type of table_grid_card, usable as a UI type.',
  ],
  admin_record: [
    'record',
    'admin_record',
    'One record of {APIName} (RequestData names it), its fields editable in place.',
  ],
  tab: [
    'tab',
    'admin_tab',
    'Its contents as tabs, each drawn by its own UI type.',
    { contents: 'drawn as tabs' },
  ],
  admin_tab: [
    'tab',
    'admin_tab',
    'The page type of tab, usable as a UI type.',
    { contents: 'drawn as tabs' },
  ],
  panel: [
    'panel',
    'admin_panel',
    'Its contents side by side in boxes, Panel.columns per row.',
    { contents: 'drawn' },
  ],
  admin_panel: [
    'panel',
    'admin_panel',
    'The page type of panel, usable as a UI type.',
    { contents: 'drawn' },
  ],
  dashboard: [
    'dashboard',
    'admin_dashboard',
    'A grid of widgets, each a content or a screen of its own.',
    { contents: 'drawn' },
  ],
  admin_dashboard: [
    'dashboard',
    'admin_dashboard',
    'The page type of dashboard, usable as a UI type.',
    { contents: 'drawn' },
  ],
  chart: ['chart', 'chart', 'A chart or a single figure of {APIName}/{APIMethod}.', { apiName: 'required' }],
  report: [
    'report',
    'report',
    'A filtered table of {APIName}/List with totals, print and export.',
    { apiName: 'required' },
  ],
  calendar: [
    'calendar',
    'calendar',
    'The rows of {APIName}/List as events of a calendar.',
    { apiName: 'required' },
  ],
  map: ['map', 'map', 'The rows of {APIName}/List as places on a map.', { apiName: 'required' }],
  filemanager: ['plain', 'filemanager', 'The file manager; it reads no configuration.'],
  myprofile: ['plain', 'myprofile', "The signed-in user's profile tabs; it reads no configuration."],
  myform: ['form', 'myform', 'A form (ScreenConfig.Form) with Save and Reset.', { apiName: 'optional' }],
  form: ['form', 'form', 'The same form screen as myform.', { apiName: 'optional' }],
  mypage: ['page', 'mypage', 'A page of sanitised HTML from Config.html.'],
  buttonlist: [
    'buttonlist',
    'buttonlist',
    'A row of buttons, each a configured call.',
    { apiName: 'optional' },
  ],
  otp_protected: [
    'otp',
    'otp_protected',
    'Its contents, shown once the user entered a second-factor code.',
    { contents: 'drawn' },
  ],
  prjmanager: [
    'table',
    'prjmanager',
    'The projects as a grid of cards; with [pj] in the address, that project and its contents as tabs.',
    { contents: 'drawn as tabs' },
  ],
  prj_flow: [
    'plain',
    'prj_flow',
    "A project's tasks as a board by status; it reads no configuration.",
    { apiName: 'required' },
  ],
  prj_info: [
    'record',
    'prj_info',
    "A project's overview (RequestData ProjectId), with related rows and history.",
  ],
  prj_schedule: [
    'plain',
    'prj_schedule',
    "A project's tasks, releases and meetings on one calendar; it reads no configuration (its sources are fixed in code).",
  ],
  prj_api: [
    'plain',
    'prj_api',
    "A project's API test cases and runs; it reads no configuration.",
    { apiName: 'optional' },
  ],
  prj_task: ['table', 'prj_task', "A project's tasks as a table."],
  prj_releases: ['table', 'prj_releases', "A project's releases as a table."],
  prj_infoenv: ['table', 'prj_infoenv', "A project's environments as a table."],
  prj_users: ['table', 'prj_users', "A project's members as a table."],
  prj_dailytask: ['table', 'prj_dailytask', 'Tasks as a table, narrowed by RequestData (Mine, Open, DueBy).'],
  prj_dailytask_detail: [
    'plain',
    'prj_dailytask_detail',
    'One task ([taskid] of the address) editable in place, with its comments and history; it reads no configuration.',
  ],
};

/** The Config schema of a kind, with extra keys (a tab content's showCount, a widget's own keys). */
function configOf(kind: Kind, extra: ConfigShape): z.ZodType {
  const shape = KIND_SCHEMAS[kind].shape;
  return shape === 'form' ? formScreenConfigConfig(extra) : z.object({ ...shape, ...extra }).strict();
}

function entry([kind, pageType, description, options = {}]: Definition): UiTypeEntry {
  const schemas = KIND_SCHEMAS[kind];
  const tableKind = kind === 'table' || kind === 'record';
  return {
    description,
    pageType,
    config: configOf(kind, {}).describe("The screen's Config."),
    configInTab: configOf(kind, tabContentConfigShape).describe("The Config of a tab's content."),
    screenConfig: schemas.screenConfig,
    screenConfigSource: options.screenConfigSource ?? (tableKind ? 'options' : 'screen'),
    ...(schemas.uiTypeContents ? { uiTypeContents: schemas.uiTypeContents } : {}),
    contents: options.contents ?? 'ignored',
    apiName: options.apiName ?? (tableKind ? 'required' : 'unused'),
  };
}

/** Every UI type a screen may carry, with what its renderer reads. */
export const UI_TYPE_CONFIG = Object.fromEntries(
  UI_TYPES.map((type) => [type, entry(DEFINITIONS[type])]),
) as Record<UiType, UiTypeEntry>;

const kindOf = (type: UiType): Kind => DEFINITIONS[type][0];

/** The Config of a widget of UI type `type`: that type's Config plus the widget's own keys. */
function widgetConfigSchema(type: Exclude<UiType, ''>): z.ZodType {
  const spec = UI_TYPE_CONFIG[type];
  // A table reads the ScreenConfig of its Options, never this one; nothing else of the widget's is read.
  const screenConfig: ConfigShape =
    spec.screenConfigSource === 'options' || spec.screenConfig === emptyScreenConfigSchema
      ? {}
      : {
          ScreenConfig: spec.screenConfig
            .optional()
            .describe(
              kindOf(type) === 'chart'
                ? 'The ScreenConfig of the widget; { Chart } when not set.'
                : 'The ScreenConfig of the widget.',
            ),
        };
  return configOf(kindOf(type), { ...widgetExtras, ...screenConfig }).describe(
    'The configuration of the widget screen: its Config with APIName, APIMethod, RequestData and ScreenConfig.',
  );
}

// ---------------------------------------------------------------------------------------------
// Whole screens, with their contents
// ---------------------------------------------------------------------------------------------

/** A screen as stored or seeded: parts as objects or as JSON text. */
export type ScreenTreeInput = {
  screenCode: string;
  uiType: string | null | undefined;
  apiName?: string | null;
  config?: unknown;
  requestData?: unknown;
  screenConfig?: unknown;
  uiTypeContents?: unknown;
  contents?: readonly ScreenTreeInput[];
};
export type ScreenIssue = { screen: string; message: string };

/**
 * Readable issues: a union that failed reports the branch that came closest (fewest issues), so that
 * a typo in a flat form Config says which key rather than "Invalid input".
 */
function flattenIssues(
  issues: readonly z.core.$ZodIssue[],
  base: PropertyKey[] = [],
): { path: PropertyKey[]; message: string }[] {
  return issues.flatMap((issue) => {
    const path = [...base, ...issue.path];
    if (issue.code === 'invalid_union' && issue.errors.length > 0) {
      const weight = (branch: readonly z.core.$ZodIssue[]) =>
        branch.reduce((sum, i) => sum + (i.code === 'unrecognized_keys' ? i.keys.length : 1), 0);
      const closest = [...issue.errors].sort((a, b) => weight(a) - weight(b))[0] ?? [];
      if (closest.length > 0) return flattenIssues(closest, path);
    }
    return [{ path, message: issue.message }];
  });
}
const describeIssues = (error: z.ZodError, part: string) =>
  flattenIssues(error.issues).map(
    ({ path, message }) => `${[part, ...path.map(String)].join('.')}: ${message}`,
  );

/** A part given as an object or JSON text; empty text and undefined are `{}`. */
function readPart(value: unknown, part: string, issues: string[]): Record<string, unknown> | null {
  if (value === undefined || value === null || value === '') return {};
  let parsed = value;
  if (typeof value === 'string') {
    try {
      parsed = JSON.parse(value);
    } catch {
      issues.push(`${part}: is not JSON text`);
      return null;
    }
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    issues.push(`${part}: must be an object`);
    return null;
  }
  return parsed as Record<string, unknown>;
}

/**
 * Checks a screen and its contents, recursively: each part against its UI type's schema, and what no
 * single part can tell (contents a type ignores, widgets naming missing contents, forms whose option
 * lists can come from nowhere, a missing APIName).
 */
export function validateScreenTree(
  screen: ScreenTreeInput,
  parent: { path: string; uiType: UiType } | null = null,
): ScreenIssue[] {
  const path = parent ? `${parent.path} > ${screen.screenCode}` : screen.screenCode;
  const issues: string[] = [];
  const out: ScreenIssue[] = [];
  const uiType = (screen.uiType ?? '').trim();
  if (!(UI_TYPES as readonly string[]).includes(uiType)) {
    return [
      {
        screen: path,
        message: `UIType: ${uiType} is no UI type (known: ${UI_TYPES.filter(Boolean).join(', ')})`,
      },
    ];
  }
  const type = uiType as UiType;
  const spec = UI_TYPE_CONFIG[type];
  const inTab = parent !== null && UI_TYPE_CONFIG[parent.uiType].contents === 'drawn as tabs';

  const config = readPart(screen.config, 'Config', issues);
  if (config) {
    const result = (inTab ? spec.configInTab : spec.config).safeParse(config);
    if (!result.success) issues.push(...describeIssues(result.error, 'Config'));
  }
  const screenConfig = readPart(screen.screenConfig, 'ScreenConfig', issues);
  if (screenConfig) {
    const result = spec.screenConfig.safeParse(screenConfig);
    if (!result.success) issues.push(...describeIssues(result.error, 'ScreenConfig'));
    if (spec.screenConfigSource === 'options' && Object.keys(screenConfig).length > 0)
      issues.push(
        'ScreenConfig: a table reads the ScreenConfig of {APIName}/Options, built from the resource; the one stored on the screen is never read',
      );
  }
  const contentsText = screen.uiTypeContents;
  const hasContentsText = !(contentsText === undefined || contentsText === null || contentsText === '');
  let layout: Record<string, unknown> | null = null;
  if (spec.uiTypeContents) {
    layout = hasContentsText ? readPart(contentsText, 'UITypeContents', issues) : null;
    if (layout) {
      const result = spec.uiTypeContents.safeParse(layout);
      if (!result.success) issues.push(...describeIssues(result.error, 'UITypeContents'));
    }
  } else if (hasContentsText) {
    issues.push(`UITypeContents: a ${type || 'table'} screen does not read it`);
  }
  readPart(screen.requestData, 'RequestData', issues);

  // APIName: chart data may name its own.
  const chartApi = [screenConfig?.Chart, config?.Chart].some(
    (chart) => typeof (chart as { APIName?: unknown } | undefined)?.APIName === 'string',
  );
  if (spec.apiName === 'required' && !screen.apiName && !chartApi)
    issues.push(`APIName: a ${type || 'table'} screen needs one`);

  // Dashboards: one layout, widgets naming contents, contents placed.
  const contents = screen.contents ?? [];
  if (spec.uiTypeContents) {
    const sources = [
      layout && Object.keys(layout).length > 0 ? layout : null,
      screenConfig?.Dashboard,
      config?.Dashboard,
    ];
    const given = sources.filter(Boolean);
    if (given.length === 0)
      issues.push('UITypeContents: a dashboard needs its layout (or ScreenConfig.Dashboard)');
    if (given.length > 1)
      issues.push(
        'UITypeContents: only the first of UITypeContents, ScreenConfig.Dashboard and Config.Dashboard is read',
      );
    const widgets = ((given[0] as { widgets?: unknown } | undefined)?.widgets ?? []) as {
      ScreenCode?: unknown;
    }[];
    const codes = new Set(contents.map((content) => content.screenCode));
    const placed = new Set<string>();
    widgets.forEach((widget, index) => {
      if (typeof widget?.ScreenCode !== 'string') return;
      placed.add(widget.ScreenCode);
      if (!codes.has(widget.ScreenCode))
        issues.push(
          `UITypeContents.widgets.${index}.ScreenCode: ${widget.ScreenCode} is no content of this dashboard`,
        );
    });
    for (const code of codes)
      if (!placed.has(code)) issues.push(`Contents: ${code} is in no widget, so it never shows`);
  }

  // Forms: a form to draw, and somewhere for each option list to come from.
  if (kindOf(type) === 'form') {
    const found = [
      screenConfig?.Form,
      (config as { form?: unknown } | null)?.form,
      screenConfig?.AddNew,
      config,
    ].find((source) => Array.isArray((source as { controls?: unknown } | undefined)?.controls)) as
      | {
          controls: { fieldName?: string; optionKey?: string; more?: { options?: unknown } }[];
          options?: Record<string, unknown>;
        }
      | undefined;
    if (!found) issues.push('ScreenConfig.Form: a form screen needs a form with controls');
    const given = [
      screenConfig?.Form,
      (config as { form?: unknown } | null)?.form,
      screenConfig?.AddNew,
    ].filter(Boolean);
    if (given.length + (Array.isArray(config?.controls) ? 1 : 0) > 1)
      issues.push(
        'ScreenConfig.Form: only the first of ScreenConfig.Form, Config.form, ScreenConfig.AddNew and a flat Config form is read',
      );
    for (const control of found?.controls ?? []) {
      if (
        control.optionKey &&
        !control.more?.options &&
        !found?.options?.[control.optionKey] &&
        !screen.apiName
      )
        issues.push(
          `ScreenConfig.Form: ${control.fieldName}'s option list ${control.optionKey} is neither in the form's options nor can come from Options (no APIName)`,
        );
    }
  }

  for (const part of ['Calendar', 'Map'] as const) {
    if ((kindOf(type) === 'calendar' || kindOf(type) === 'map') && screenConfig?.[part] && config?.[part])
      issues.push(`Config.${part}: not read, ScreenConfig.${part} is`);
  }
  if (contents.length > 0 && spec.contents === 'ignored')
    issues.push(`Contents: a ${type || 'table'} screen does not draw contents`);
  for (const message of issues) out.push({ screen: path, message });
  if (spec.contents !== 'ignored') {
    for (const content of contents) out.push(...validateScreenTree(content, { path, uiType: type }));
  }
  return out;
}

/**
 * The JSON Schema of a UI type's parts, for the studio and editor hover help. Refinements (checks
 * across keys) are not part of JSON Schema: the server still validates with the zod schemas.
 */
export function uiTypeJsonSchema(type: UiType) {
  const spec = UI_TYPE_CONFIG[type];
  // Inline (not $ref per reused schema): hover help then sits on each property; a dashboard's is ~160 KB.
  const options = { unrepresentable: 'any' } as const;
  return {
    description: spec.description,
    config: z.toJSONSchema(spec.config, options),
    screenConfig: z.toJSONSchema(spec.screenConfig, options),
    ...(spec.uiTypeContents ? { uiTypeContents: z.toJSONSchema(spec.uiTypeContents, options) } : {}),
  };
}

// ---------------------------------------------------------------------------------------------
// Types
// ---------------------------------------------------------------------------------------------

export type ButtonConfig = z.infer<typeof buttonConfigSchema>;
export type PageConfig = z.infer<typeof pageConfigSchema>;
export type HeaderConfig = z.infer<typeof headerConfigSchema>;
export type TableConfig = z.infer<typeof tableConfigSchema>;
export type FilterItem = z.infer<typeof filterItemSchema>;
export type FilterConfig = z.infer<typeof filterConfigSchema>;
export type Condition = z.infer<typeof conditionSchema>;
export type FormControl = z.infer<typeof formControlSchema>;
export type AddNewConfig = z.infer<typeof addNewConfigSchema>;
export type FormConfig = z.infer<typeof formConfigSchema>;
export type ChartConfig = z.infer<typeof chartConfigSchema>;
export type CalendarConfig = z.infer<typeof calendarConfigSchema>;
export type MapConfig = z.infer<typeof mapConfigSchema>;
export type ReportConfig = z.infer<typeof reportConfigSchema>;
export type PanelConfig = z.infer<typeof panelConfigSchema>;
export type DashboardLayout = z.infer<typeof dashboardSchema>;
export type ScreenConfig = z.infer<typeof screenConfigSchema>;

// ---------------------------------------------------------------------------------------------
// One screen of the configuration document
// ---------------------------------------------------------------------------------------------

/** What a screen of the configuration document holds for its UI type's schemas to check. */
type DocumentScreen = {
  uiType: string;
  config: unknown;
  screenConfig: unknown;
  uiTypeContents: unknown;
};

/** What UITypeContents may hold in the document: the layout of the types that read one. */
export const uiTypeContentsSchema = z
  .record(z.string(), z.unknown())
  .describe("What the UI type reads besides its ScreenConfig: a dashboard's layout.");

/**
 * Checks a screen's Config, ScreenConfig and UITypeContents against what its UI type reads, each
 * issue at its path within the screen (`screenConfig.Chart.chartType`). Config may carry what a tab
 * reads of its parts (`showCount`) whatever the parent: a flat document checks each screen alone.
 */
export function checkScreenParts(screen: DocumentScreen, context: z.RefinementCtx): void {
  const spec = (UI_TYPE_CONFIG as Record<string, UiTypeEntry | undefined>)[screen.uiType];
  if (!spec) return;
  const check = (part: string, schema: z.ZodType, value: unknown) => {
    const result = safeParseForPeople(schema, value);
    if (result.success) return;
    for (const { path, message } of flattenIssues(result.error.issues)) {
      context.addIssue({ code: 'custom', message, path: [part, ...path] });
    }
  };
  check('config', spec.configInTab, screen.config);
  check('screenConfig', spec.screenConfig, screen.screenConfig);
  if (spec.uiTypeContents) {
    if (screen.uiTypeContents !== null) check('uiTypeContents', spec.uiTypeContents, screen.uiTypeContents);
  } else if (screen.uiTypeContents !== null && Object.keys(screen.uiTypeContents as object).length > 0) {
    context.addIssue({
      code: 'custom',
      message: `must be null: a ${screen.uiType || 'table'} screen reads none`,
      path: ['uiTypeContents'],
    });
  }
}
