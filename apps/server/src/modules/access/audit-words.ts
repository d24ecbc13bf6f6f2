import type { PresentWords } from '../resources/define';

// The audit log for people: what happened, to what and which fields, in words of the reader's
// language rather than the codes it is stored with ("profile_update", "PosBill", "LanguageCode").

/** What each audited action is called. An action without words here is spelt out from its code. */
export const AUDIT_ACTION_WORDS: Record<string, string> = {
  sign_in: 'Signed in',
  social_sign_in: 'Signed in with a social account',
  logout: 'Signed out',
  register: 'Registered',
  password_forgot: 'Asked for a password reset',
  password_reset: 'Reset the password',
  password_change: 'Changed the password',
  profile_update: 'Updated the profile',
  color_mode_change: 'Changed the colour mode',
  unlock: 'Unlocked an account',
  unlock_link: 'Unlocked by the mailed link',
  sessions_end: 'Ended sessions',
  fa2_enable: 'Turned on two-step sign-in',
  fa2_disable: 'Turned off two-step sign-in',
  fa2_verify: 'Verified a two-step code',
  fa2_check: 'Checked a two-step code',
  fa2_code: 'Sent a two-step code',
  record_create: 'Created a record',
  record_update: 'Changed a record',
  record_delete: 'Deleted a record',
  record_export: 'Exported records',
  record_bulk_update: 'Changed records in bulk',
  record_bulk_delete: 'Deleted records in bulk',
  record_import: 'Imported records',
  form_submit: 'Submitted a form',
  settings_save: 'Saved the settings',
  screen_save: 'Saved a screen',
  screen_delete: 'Deleted a screen',
  role_matrix: 'Changed a role’s permissions',
  cache_refresh: 'Refreshed the caches',
  config_draft_save: 'Saved a configuration draft',
  config_draft_discard: 'Discarded a configuration draft',
  config_shipped: 'Stored the shipped configuration',
  config_publish: 'Published the configuration',
  config_restore: 'Restored a configuration version',
  config_apply: 'Applied a configuration file',
  config_upgrade: 'Upgraded the configuration',
  config_change: 'Changed the configuration',
  file_manager_add_file: 'Added a file',
  file_manager_create_folder: 'Created a folder',
  file_manager_delete: 'Deleted a file or folder',
  file_manager_rename: 'Renamed a file or folder',
  notification_send: 'Sent a notification',
  task_comment: 'Commented on a task',
  test_run: 'Ran an API test',
  api_key_create: 'Created an API key',
  api_key_revoke: 'Revoked an API key',
  webhook_create: 'Created a webhook',
  webhook_update: 'Changed a webhook',
  webhook_delete: 'Deleted a webhook',
  webhook_redeliver: 'Sent a webhook again',
  pos_sale: 'Sold a bill',
  pos_return: 'Took back items',
  pos_invoice_mailed: 'Mailed an invoice',
};

/** A code spelt out for people: "file_manager_upload" is "File manager upload", "PosBill" "Pos bill". */
export function spelledOut(code: string): string {
  const words = code
    .replace(/([a-z0-9])([A-Z])/g, '$1 $2')
    .replace(/[_-]+/g, ' ')
    .trim()
    .toLowerCase();
  return words.charAt(0).toUpperCase() + words.slice(1);
}

export const actionInWords = (action: string): string => AUDIT_ACTION_WORDS[action] ?? spelledOut(action);

/** How an audited action ended, in words. */
export const AUDIT_OUTCOME_WORDS: Record<string, string> = {
  success: 'Succeeded',
  failure: 'Failed',
  throttled: 'Refused: too many attempts',
  disabled: 'Refused: account disabled',
  unknown_account: 'Refused: no such account',
  sent: 'Sent',
  mailed_link: 'By the mailed link',
  administrator: 'By an administrator',
  command_line: 'From the command line',
};

const shown = (value: unknown): string => {
  if (value === null || value === undefined || value === '') return '∅';
  return typeof value === 'string' ? value : JSON.stringify(value);
};

/** A JSON value as the driver gave it: parsed already, or its text. */
function fromJson(value: unknown): unknown {
  if (typeof value !== 'string') return value;
  try {
    return JSON.parse(value);
  } catch {
    return null;
  }
}

/** The fields of a user's own profile (`profile_update` keeps their names), in words. */
const PROFILE_FIELD_WORDS: Record<string, string> = {
  displayName: 'Display name',
  email: 'Email',
  phoneNumber: 'Phone number',
  languageCode: 'Language',
  avatarUrl: 'Avatar',
};

/** A row's `Outcome` in words (the audit log, sign-in attempts): `{Outcome}`, or nothing without one. */
export function outcomeInWords(row: Record<string, unknown>, words: PresentWords): { Outcome?: string } {
  if (typeof row.Outcome !== 'string') return {};
  return { Outcome: words.say(AUDIT_OUTCOME_WORDS[row.Outcome] ?? spelledOut(row.Outcome)) };
}

/**
 * An audit row in words: its action, its resource's title and, for each field changed, the field's
 * header with the old and new value ("Price: 10 → 12"); or the fields named when only they were kept.
 */
export function auditRowInWords(row: Record<string, unknown>, words: PresentWords): Record<string, unknown> {
  const action = typeof row.Action === 'string' ? row.Action : '';
  const resource = typeof row.Resource === 'string' ? row.Resource : '';
  const label = (field: unknown) => {
    const name = typeof field === 'string' ? field : shown(field);
    const header = resource ? words.headerOf(resource, name) : PROFILE_FIELD_WORDS[name];
    return words.say(header ?? spelledOut(name));
  };
  const { ChangeList: changeList, ChangedFields: fieldList, ...rest } = row;
  const changes = fromJson(changeList);
  const fields = fromJson(fieldList);
  let described = row.Changes ?? null;
  if (Array.isArray(changes) && changes.length > 0) {
    described = changes
      .map(
        (change: { field?: unknown; old?: unknown; new?: unknown }) =>
          `${label(change?.field)}: ${shown(change?.old)} → ${shown(change?.new)}`,
      )
      .join('; ');
  } else if (Array.isArray(fields) && fields.length > 0) {
    described = fields.map(label).join(', ');
  }
  return {
    ...rest,
    Action: action ? words.say(actionInWords(action)) : action,
    ...outcomeInWords(row, words),
    Resource: resource ? words.say(words.titleOf(resource) ?? spelledOut(resource)) : row.Resource,
    Changes: described,
  };
}
