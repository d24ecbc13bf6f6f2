/**
 * Plain constants of the contract, free of zod, so that the web app can import them without
 * pulling the schema library into its first page.
 */

/** Envelope `StatusCode` of a successful call. */
export const STATUS_SUCCESS = 1;
/** Envelope `StatusCode` of a business failure (a rule of the domain said no). */
export const STATUS_BUSINESS_FAILURE = 0;

/**
 * The colours a choice value (a status, a priority, a result) is drawn in, as a badge: soft tones
 * (a light tint with the strong colour as text) that pass WCAG AA in light and dark mode. An option
 * declares its tone with its value and text (`OptionItem.Tone`), so that every screen draws the value
 * alike; a value without one is neutral unless a column's `styleByValue` colours it.
 */
export const OPTION_TONES = ['success', 'warning', 'danger', 'info', 'secondary'] as const;
/** One of the tones of `OPTION_TONES`. */
export type OptionTone = (typeof OPTION_TONES)[number];

/** OAuth-style error codes used in `ErrorBody.error`. */
export const ERROR_CODES = {
  invalidRequest: 'invalid_request',
  invalidGrant: 'invalid_grant',
  unsupportedGrantType: 'unsupported_grant_type',
  unauthorized: 'unauthorized',
  forbidden: 'forbidden',
  /** A 403 of a session that must set up its second factor first (the web app opens enrolment). */
  secondFactorRequired: 'second_factor_required',
  /** A 403 of a session that must change its password first. */
  passwordChangeRequired: 'password_change_required',
  notFound: 'not_found',
  payloadTooLarge: 'payload_too_large',
  unsupportedMediaType: 'unsupported_media_type',
  rateLimited: 'rate_limited',
  serverError: 'server_error',
} as const;

/** The names of the common body fields, in the order of the specification. */
export const COMMON_BODY_FIELDS = [
  'UI_FirstID',
  'AppName',
  'Url',
  'DocumentWidth',
  'UI_StartAt',
  'UI_TimezoneOffset',
  'UI_Language',
] as const;

/** The value of the empty placeholder option. */
export const EMPTY_OPTION_VALUE = '_empty_';

/** Default token type when the token response carries none. */
export const DEFAULT_TOKEN_TYPE = 'Bearer';
/** Password length limits of the product (OWASP ASVS 2.1.1 and 2.1.2). */
export const PASSWORD_MIN_LENGTH = 8;
export const PASSWORD_MAX_LENGTH = 128;
/** Upper bound of any credential field the server will even look at. */
export const CREDENTIAL_FIELD_MAX_LENGTH = 1024;
/** Two-factor codes are six digits. */
export const TWO_FACTOR_CODE_PATTERN = /^\d{6}$/;

/** Constants of part 1 section 9 that both sides use as defaults. */
export const APP_DEFAULTS = {
  siteName: 'Admin',
  adminVersion: 'v5',
  primaryColor: '#057e38',
  logoUrl: '/config/logo.png',
  homeUrl: '/home',
  /** The mobile width when the configuration names none (part 1 section 9: "default 567"). */
  widthMobile: 567,
  /** The mobile width the shipped configuration sets (part 1 section 9: "config widthMobile 1000"). */
  configuredWidthMobile: 1000,
  idleSecond: 600,
  idleInterval: 5,
  idleCountdown: 60,
  slowResponseMs: 5000,
  largeResponseBytes: 2_000_000,
  buildVersion: 235,
  buildDate: '25/9/2024',
  defaultLanguage: 'en',
} as const;

/** Default page size of tables. */
export const DEFAULT_PAGE_SIZE = 20;
/** The largest page the server hands out. */
export const MAX_PAGE_SIZE = 10_000;

/** Modal types of part 2 section 2. */
export const MODAL_TYPES = [
  'component',
  'myui',
  'myform',
  'mypage',
  'lightbox',
  'mydialog',
  'cellinmodal',
  'globalloading',
] as const;
/** Modal sizes; lg is the default. */
export const MODAL_SIZES = ['lg', 'xm', 'full'] as const;

/** Cell types of `Type.type` (screen-config.md). */
export const CELL_TYPES = [
  'readonly',
  'text',
  'textarea',
  'number',
  'money',
  'percent',
  'checkbox',
  'switch',
  'date',
  'datetime',
  'time',
  'select',
  'multiselect',
  'color',
  'link',
  'button',
  'api',
  'icon',
  'photo',
  'html',
  'json',
  'tag',
  'delete',
  'remove',
  'action',
  'form',
  'modal',
] as const;
/** A cell type of `Type.type`. */
export type CellType = (typeof CELL_TYPES)[number];

/** Filter types of `Filter.type`. */
export const FILTER_TYPES = ['text', 'search', 'select', 'multiselect', 'checkbox', 'daterange'] as const;
/** A filter type of `Filter.type`. */
export type FilterType = (typeof FILTER_TYPES)[number];

/** Index of the delete column and of the remove column (part 1 section 9). */
export const DELETE_COLUMN_INDEX = 1000;
export const REMOVE_COLUMN_INDEX = 999;

/** Date-range presets, in the order of the specification. */
export const DATE_RANGE_PRESETS = [
  'Today',
  'Yesterday',
  'This Week',
  'This Month',
  'This Year',
  'Last Month',
  'Custom Range',
] as const;

/** UI types a screen entry may carry (an empty one means table). */
export const SCREEN_UI_TYPES = [
  'table',
  'tab',
  'dashboard',
  'panel',
  'table_list',
  'table_list_card',
  'table_grid_card',
  'chart',
  'report',
  'calendar',
  'map',
  'filemanager',
  'myprofile',
  'myform',
  'form',
  'mypage',
  'buttonlist',
  'otp_protected',
] as const;

/** JPEG quality of a cover image captured from a video or camera (part 2 section 9). */
export const VIDEO_COVER_JPEG_QUALITY = 0.75;

/** An e-mail address: something, '@', a domain with a dot; no spaces (server and web check the same). */
export const EMAIL_ADDRESS_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

/**
 * A tile address: http(s) with a host, or a same-site path (never `//host`, which would load from another
 * host), holding {z}, {x} and {y}.
 */
export const MAP_TILE_URL =
  /^(https?:\/\/[^\s/?#\\]|\/(?![/\\]))(?=[^\s]*\{z\})(?=[^\s]*\{x\})(?=[^\s]*\{y\})[^\s]*$/i;

/** OpenStreetMap's standard tiles, the default of maps (their usage policy asks for the credit line). */
export const OSM_TILE_URL = 'https://tile.openstreetmap.org/{z}/{x}/{y}.png';
export const OSM_ATTRIBUTION = '© OpenStreetMap contributors';

/** The actions a role's grant gives per screen or resource (the columns of the permission matrix). */
export const ACCESS_ACTIONS = ['list', 'detail', 'add', 'edit', 'delete', 'export'] as const;

/** Row rules of a grant: every row, or only the rows the resource declares the user's own. */
export const ROW_RULES = ['all', 'own'] as const;

/** The roles every installation starts with. */
export const SEEDED_ROLES = ['admin', 'staff', 'viewer'] as const;

/**
 * The decimal and thousand symbols of every number the product shows (part 1 section 9: decimal
 * symbol comma, thousand symbol dot, number locale it-IT): tables, the till, receipts and invoices.
 */
export const NUMBER_SYMBOLS = { decimal: ',', thousands: '.' } as const;

/**
 * Every UI type string a screen may carry: the UI types of screen-config.md (an empty one means
 * table), the page types they map to (engine/screens.ts `pageTypeOf` passes any other string through,
 * so `admin_table` works as a UI type too), and the page types registered by renderers/index.ts.
 * `SCREEN_UI_TYPES` of constants.ts lacks the project types and `admin_record`.
 */
export const UI_TYPES = [
  '',
  'table',
  'table_list',
  'table_list_card',
  'table_grid_card',
  'admin_table',
  'admin_table_list',
  'admin_table_list_card',
  'admin_table_grid_card',
  'admin_record',
  'tab',
  'admin_tab',
  'panel',
  'admin_panel',
  'dashboard',
  'admin_dashboard',
  'chart',
  'report',
  'calendar',
  'map',
  'filemanager',
  'myprofile',
  'myform',
  'form',
  'mypage',
  'buttonlist',
  'otp_protected',
  'prjmanager',
  'prj_flow',
  'prj_info',
  'prj_schedule',
  'prj_api',
  'prj_task',
  'prj_releases',
  'prj_infoenv',
  'prj_users',
  'prj_dailytask',
  'prj_dailytask_detail',
] as const;

/** The events a webhook may subscribe to. */
export const WEBHOOK_EVENTS = ['created', 'updated', 'deleted', 'imported', 'bulk'] as const;
