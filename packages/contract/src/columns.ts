import { z } from 'zod';
import { FILTER_TYPES, MODAL_SIZES, MODAL_TYPES } from './constants';

type Json = string | number | boolean | null | Json[] | { [key: string]: Json };
const styleSchema = z.record(z.string(), z.union([z.string(), z.number()]));
/** A comma list ("IsOpen,CanChange") or an array of the same. */
const commaListSchema = z.union([z.string(), z.array(z.string())]);
const jsonSchema: z.ZodType<Json> = z.lazy(() =>
  z.union([
    z.string(),
    z.number(),
    z.boolean(),
    z.null(),
    z.array(jsonSchema),
    z.record(z.string(), jsonSchema),
  ]),
);

/** Api config of a configured action call (part 2 section 3). */
export const apiConfigSchema = z
  .object({
    url: z.string().optional(),
    path: z.string().optional(),
    name: z.string().optional(),
    method: z.string().optional(),
    request: z.record(z.string(), z.unknown()).optional(),
    query: z.record(z.string(), z.unknown()).optional(),
    queryByField: z.record(z.string(), z.string()).optional(),
    needReloadPage: z.boolean().optional(),
    needReloadList: z.boolean().optional(),
    needReloadOptionsAndList: z.boolean().optional(),
    needSendMsg: z.boolean().optional(),
    needReExpand: z.boolean().optional(),
    needReloadRow: z.boolean().optional(),
    /**
     * A field of the answer's Data shown once in a dialog with a Copy button, kept until closed (a
     * temporary password, a key); its Msg goes in the dialog rather than a toast.
     */
    secretField: z.string().optional(),
  })
  .catchall(z.unknown());
/** Api config of a configured action call. */
export type ApiConfig = z.infer<typeof apiConfigSchema>;

/** The modal option of a column. */
export const modalOptionSchema = z.object({
  canShowModal: z.boolean().optional(),
  fCanShowModal: z.string().optional(),
  title: z.string().optional(),
  fTitle: z.string().optional(),
  type: z.enum(MODAL_TYPES).optional(),
  size: z.enum(MODAL_SIZES).optional(),
  config: jsonSchema.optional(),
});

/** The button option of a column. */
export const buttonOptionSchema = z.object({
  style: styleSchema.optional(),
  outline: z.boolean().optional(),
  color: z.string().optional(),
  colorByValue: z.record(z.string(), z.string()).optional(),
  className: z.string().optional(),
  titleTooltip: z.string().optional(),
  fTitleTooltip: z.string().optional(),
  disabled: z.boolean().optional(),
  fDisabled: z.string().optional(),
  icon: z.string().optional(),
  iconByValue: z.record(z.string(), z.string()).optional(),
  title: z.string().optional(),
  hasIconAndText: z.boolean().optional(),
});

/** The column options of `Type.more` (JSON text), part 2 section 3, meanings in column-options.md. */
export const columnMoreSchema = z
  .object({
    // Visibility
    canShow: z.boolean().optional(),
    fCanShow: z.string().optional(),
    hideOfIds: z.union([z.string(), z.array(z.union([z.string(), z.number()]))]).optional(),
    // Value and text
    fValue: z.string().optional(),
    fText: z.string().optional(),
    // Modal
    modal: modalOptionSchema.optional(),
    apiCheckShowModal: apiConfigSchema.optional(),
    // Confirmation
    confirmMsg: z.string().optional(),
    fConfirmMsg: z.string().optional(),
    titleConfirm: z.string().optional(),
    // Button
    button: buttonOptionSchema.optional(),
    // Embedded UI
    myui: z.object({ type: z.string(), config: jsonSchema.optional() }).optional(),
    // Icon
    icon: z.string().optional(),
    configIcon: z
      .object({
        hideWhenNoActive: z.boolean().optional(),
        style: styleSchema.optional(),
        styleInactive: styleSchema.optional(),
        className: z.string().optional(),
      })
      .optional(),
    // Photo
    showPhoto: z.boolean().optional(),
    maxHeight: z.union([z.string(), z.number()]).optional(),
    maxWidth: z.union([z.string(), z.number()]).optional(),
    noScale: z.boolean().optional(),
    styleImg: styleSchema.optional(),
    fPhoto: z.string().optional(),
    // Link
    linkTitle: z.string().optional(),
    fLinkTitle: z.string().optional(),
    link: z.string().optional(),
    fLink: z.string().optional(),
    newWindow: z.boolean().optional(),
    autoOpenLink: z.boolean().optional(),
    // Styling
    styleInput: styleSchema.optional(),
    styleTextarea: styleSchema.optional(),
    styleControl: styleSchema.optional(),
    styleInherit: z.boolean().optional(),
    styleDisabled: styleSchema.optional(),
    styleByValue: z.record(z.string(), styleSchema).optional(),
    /** The field of the row whose value picks the options (those whose `For` is that value, or none). */
    optionsFor: z.string().optional(),
    fBorderLeftColor: z.string().optional(),
    autoTextWB: z.boolean().optional(),
    className: z.string().optional(),
    classNameWithColField: z.string().optional(),
    color: z.string().optional(),
    fColor: z.string().optional(),
    // Editing
    fCanEdit: commaListSchema.optional(),
    canEditF: commaListSchema.optional(),
    fLock: commaListSchema.optional(),
    lockF: commaListSchema.optional(),
    placeHolder: z.string().optional(),
    clickToSelect: z.boolean().optional(),
    usingI18n: z.boolean().optional(),
    // Formats
    dateFormat: z.string().optional(),
    format: z.string().optional(),
    // Display
    configDisplay: z
      .object({
        showShortText: z.boolean().optional(),
        countShort: z.number().int().positive().optional(),
        text: z.string().optional(),
        configFormat: z.string().optional(),
        isHide: z.boolean().optional(),
      })
      .optional(),
    configTitleTooltip: z.object({ text: z.string().optional(), fText: z.string().optional() }).optional(),
    // Update behaviour
    updateUIRelative: z.string().optional(),
    /** The column's own update function (`Name` or `Path/Name`), called instead of UpdateFields. */
    updateFunction: z.string().optional(),
    waitApi: z.boolean().optional(),
    customRowBeforeRequest: z.string().optional(),
    customDefaultValues: z.record(z.string(), z.unknown()).optional(),
    fDefaultValues: z.union([z.string(), z.record(z.string(), z.string())]).optional(),
    excludeDefaultValues: commaListSchema.optional(),
    // Reloads
    needReloadMaster: z.boolean().optional(),
    needReloadListMain: z.boolean().optional(),
    needReloadOptionsAndListMain: z.boolean().optional(),
    needLoadingFullRow: z.boolean().optional(),
    needReloadAfterUpdateFields: z.boolean().optional(),
    queryWithQuerySharedPage: z.boolean().optional(),
    // An action cell's call
    api: apiConfigSchema.optional(),
    /**
     * Set by the server on a one-value column whose option list grows (a relation): its editor asks
     * `{api}/Lookup` for `field`'s options as one types instead of listing them all.
     */
    lookup: z.object({ api: z.string(), field: z.string() }).optional(),
  })
  .catchall(z.unknown());
/** The column options of `Type.more`. */
export type ColumnMore = z.infer<typeof columnMoreSchema>;

/** A column definition of `List` → `Data.ExtraData.Columns`. */
export const columnDefSchema = z.object({
  fieldName: z.string(),
  /** Plain text or JSON text with a `header` key. */
  Header: z.string(),
  CanShow: z.boolean(),
  CanEdit: z.boolean(),
  CanSort: z.boolean(),
  Width: z.number().nullable().optional(),
  Index: z.number(),
  Style: z.string().optional(),
  ClassName: z.string().optional(),
  Type: z.object({
    type: z.string(),
    /** JSON text of `ColumnMore`. */
    more: z.string().optional(),
    /** Names an option list `{source}List` of the Options answer. */
    source: z.string().optional(),
    bgF: z.string().optional(),
    colorF: z.string().optional(),
    link: z.string().optional(),
  }),
  Filter: z
    .object({
      type: z.enum(FILTER_TYPES),
      title: z.string().optional(),
      optionKey: z.string().optional(),
      isServer: z.boolean().optional(),
      /** JSON text. */
      more: z.string().optional(),
    })
    .optional(),
  extraData: z.unknown().optional(),
});
/** A column definition of `List` → `Data.ExtraData.Columns`. */
export type ColumnDef = z.infer<typeof columnDefSchema>;

/** A field name as declared resources spell them. */
const tableViewFieldSchema = z.string().regex(/^[A-Za-z_][A-Za-z0-9_]{0,99}$/, 'must be a field name');

/** One column of a user's own view of a table: its field, and whether it is shown. */
export const tableViewColumnSchema = z.object({ Field: tableViewFieldSchema, Visible: z.boolean() });
export type TableViewColumn = z.infer<typeof tableViewColumnSchema>;

/** `TableView/Get` body: the screen whose view the signed-in user asks for. */
export const tableViewGetRequestSchema = z.object({ ScreenCode: z.string().trim().min(1).max(200) });

/** `TableView/Save` body: the columns in the user's order; an empty list goes back to the screen's. */
export const tableViewSaveRequestSchema = z.object({
  ScreenCode: z.string().trim().min(1).max(200),
  Columns: z.array(tableViewColumnSchema).max(300),
});

/** A user's view of a table screen's columns (`Columns` empty: the screen's own order, all shown). */
export type TableView = { ScreenCode: string; Columns: TableViewColumn[] };
