import { ROW_RULES } from '@panelwright/contract/constants';
import { and, asc, eq, inArray, isNull, sql } from 'drizzle-orm';
import { auditLog, exceptionLogs, roleGrants, roles, screens, users } from '../../db/schema';
import {
  defineResource,
  permissions,
  type RecordTable,
  type ResourceDeclaration,
  staticOptions,
  tableOptions,
} from '../resources/define';
import type { ResourceService } from '../resources/service';
import { actionInWords, auditRowInWords, outcomeInWords, spelledOut } from './audit-words';
import { STUDIO_GRANT } from './policy';
import type { AccessService } from './service';

/** Nobody but an administrator role: the administration's resources seed no staff grant. */
const ADMIN_ONLY = permissions([]);

const roleOptions = tableOptions(roles, roles.code, roles.name);

/** Users screen: the accounts, their roles, disabling (which ends their sessions at once). */
export const userResource = defineResource({
  apiName: 'User',
  title: 'Users',
  screen: { code: 'admin-users', uiUrl: '/admin/users', orderNo: 900 },
  table: users,
  permissions: ADMIN_ONLY,
  defaultSort: [{ field: 'Username', dir: 'asc' }],
  options: { Role: roleOptions },
  namedActions: ['ResetPassword', 'EndSessions', 'Unlock'],
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: users.id, width: 70 },
    {
      field: 'Username',
      header: 'User name',
      type: 'readonly',
      column: users.username,
      creatable: true,
      searchable: true,
      filter: 'text',
      rules: {
        required: true,
        maxLength: 64,
        pattern: /^[A-Za-z0-9._@-]{2,64}$/,
        patternMessage: 'must be 2 to 64 letters, digits, . _ @ or -',
      },
      width: 160,
    },
    {
      field: 'DisplayName',
      header: 'Display name',
      type: 'text',
      column: users.displayName,
      editable: true,
      searchable: true,
      rules: { maxLength: 200 },
      width: 200,
    },
    {
      field: 'Email',
      header: 'E-mail',
      type: 'text',
      column: users.email,
      editable: true,
      searchable: true,
      rules: { maxLength: 320 },
      width: 220,
    },
    {
      field: 'Roles',
      header: 'Roles',
      type: 'multiselect',
      column: users.roles,
      source: 'Role',
      editable: true,
      filter: 'multiselect',
      // No role by default: the administrator chooses each one (a role pre-ticked is a right given unseen).
      rules: { required: true },
      width: 200,
    },
    {
      field: 'IsDisabled',
      header: 'Disabled',
      type: 'switch',
      column: users.isDisabled,
      editable: true,
      width: 90,
    },
    {
      field: 'MustChangePassword',
      header: 'Must change password',
      type: 'switch',
      column: users.mustChangePassword,
      editable: true,
      width: 110,
    },
    {
      field: 'Fa2Enabled',
      header: 'Second factor',
      type: 'switch',
      column: users.fa2Enabled,
      width: 100,
    },
    {
      // Enforced at sign-in: a user without a second factor must set one up before going on.
      field: 'Fa2Required',
      header: 'Require a second factor',
      type: 'switch',
      column: users.fa2Required,
      editable: true,
      width: 120,
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: users.isLocked, width: 70 },
    {
      field: 'UI_ResetPassword',
      header: 'Password',
      type: 'button',
      width: 150,
      more: {
        button: {
          title: 'Reset password',
          icon: 'key',
          outline: true,
          color: 'primary',
          hasIconAndText: true,
        },
        confirmMsg:
          'Give [Username] a temporary password (to be changed at the next sign-in) and sign them out?',
        // administration.ts: the answer's Data.Password is the temporary password, shown in a dialog
        // with a Copy button that stays until closed; its Msg says whose it is.
        api: {
          name: 'ResetPassword',
          request: { Mode: 'temporary' },
          needSendMsg: true,
          secretField: 'Password',
          needReloadRow: true,
        },
      },
    },
    {
      field: 'UI_Sessions',
      header: 'Open sessions',
      type: 'button',
      width: 140,
      more: {
        button: {
          title: 'Sessions',
          icon: 'display',
          outline: true,
          color: 'secondary',
          hasIconAndText: true,
        },
        // The user's open sessions (User/Sessions), each with End (User/EndSessions with its SessionId).
        modal: {
          type: 'component',
          size: 'lg',
          title: 'Open sessions',
          config: {
            name: 'apiList',
            path: 'User',
            list: 'Sessions',
            caption: 'Open sessions',
            empty: 'No open sessions',
            fields: [
              { field: 'CreatedAt', title: 'Signed in', format: 'datetime' },
              { field: 'LastSeenAt', title: 'Last seen', format: 'datetime' },
              { field: 'Ip', title: 'Address' },
              { field: 'UserAgent', title: 'Browser' },
            ],
            action: { name: 'EndSessions', param: 'SessionId', title: 'End session' },
          },
        },
      },
    },
    {
      field: 'UI_EndSessions',
      header: 'Sessions',
      type: 'button',
      width: 140,
      more: {
        button: {
          title: 'Sign out',
          icon: 'box-arrow-right',
          outline: true,
          color: 'secondary',
          hasIconAndText: true,
        },
        confirmMsg: 'End every session of [Username]?',
        api: { name: 'EndSessions', needSendMsg: true },
      },
    },
    {
      // Forgets the failed sign-ins of every address (User/Unlock; docs/reliability.md, "Lockout").
      field: 'UI_Unlock',
      header: 'Sign-in',
      type: 'button',
      width: 130,
      more: {
        button: {
          title: 'Unlock',
          icon: 'unlock',
          outline: true,
          color: 'secondary',
          hasIconAndText: true,
        },
        confirmMsg: 'Forget the failed sign-in attempts of [Username], so that they can sign in at once?',
        api: { name: 'Unlock', needSendMsg: true },
      },
    },
  ],
});

/** Roles screen: the named sets of grants. */
export const roleResource = defineResource({
  apiName: 'Role',
  title: 'Roles',
  screen: { code: 'admin-roles', uiUrl: '/admin/roles', orderNo: 910 },
  table: roles,
  permissions: ADMIN_ONLY,
  namedActions: ['PreviewMenu'],
  defaultSort: [{ field: 'Code', dir: 'asc' }],
  columns: [
    {
      field: 'Code',
      header: 'Code',
      type: 'readonly',
      column: roles.code,
      creatable: true,
      searchable: true,
      rules: {
        required: true,
        maxLength: 40,
        pattern: /^[a-z0-9_-]{2,40}$/,
        patternMessage: 'must be 2 to 40 small letters, digits, - or _',
      },
      width: 140,
    },
    {
      field: 'Name',
      header: 'Name',
      type: 'text',
      column: roles.name,
      editable: true,
      searchable: true,
      rules: { required: true, maxLength: 100 },
      width: 200,
    },
    {
      field: 'Description',
      header: 'Description',
      type: 'textarea',
      column: roles.description,
      editable: true,
      rules: { maxLength: 2000 },
    },
    {
      field: 'IsAdmin',
      header: 'Administrator',
      type: 'switch',
      column: roles.isAdmin,
      editable: true,
      width: 110,
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: roles.isLocked, width: 70 },
    {
      field: 'UI_Matrix',
      header: 'Permissions',
      type: 'button',
      width: 150,
      more: {
        button: {
          title: 'Permissions',
          icon: 'grid-3x3',
          outline: true,
          color: 'primary',
          hasIconAndText: true,
        },
        // Screens × actions with select-all per screen and per action (Role/Matrix, Role/SaveMatrix).
        modal: {
          type: 'component',
          size: 'lg',
          title: 'Permissions',
          config: { name: 'permissionMatrix', path: 'Role', list: 'Matrix', save: 'SaveMatrix' },
        },
      },
    },
    {
      field: 'UI_PreviewMenu',
      header: 'Menu',
      type: 'button',
      width: 150,
      more: {
        button: {
          title: 'See the menu',
          icon: 'list',
          outline: true,
          color: 'secondary',
          hasIconAndText: true,
        },
        // administration.ts: the answer's Msg lists the menu a user of only this role gets.
        api: { name: 'PreviewMenu', needSendMsg: true },
      },
    },
  ],
});

/** The targets a grant can name: every declared resource and every screen code, filled at start. */
export const grantTargets: { Value: string; Text: string }[] = [];
/** The resources' own screens: their grant is the resource's, so they are no targets of their own. */
const ownScreenCodes = new Set<string>();
/**
 * Every field of every resource by its header, for the hidden and editable field lists of a grant:
 * each belongs to its resource (`For`), and a grant's row offers those of its own screen.
 */
export const grantFields: { Value: string; Text: string; For: string }[] = [];
/** The configured actions of the resources (a button such as Restock), by name. */
export const grantActions: { Value: string; Text: string }[] = [];

/** The permission matrix: one row per role and screen, one switch per action. */
export const roleGrantResource = defineResource({
  apiName: 'RoleGrant',
  title: 'Permissions',
  screen: { code: 'admin-permissions', uiUrl: '/admin/permissions', orderNo: 920 },
  table: roleGrants,
  permissions: ADMIN_ONLY,
  defaultSort: [
    { field: 'RoleCode', dir: 'asc' },
    { field: 'Target', dir: 'asc' },
  ],
  pageSize: 100,
  options: {
    Role: roleOptions,
    // The resources, then the other screens (their grant's List opens them).
    Target: {
      load: async (db) => {
        const known = new Set(grantTargets.map((target) => target.Value));
        const rows = await db
          .select({ Value: screens.screenCode, Text: screens.title })
          .from(screens)
          .where(and(isNull(screens.parentId), eq(screens.isPublic, false)))
          .orderBy(asc(screens.title));
        return [
          ...grantTargets,
          ...rows.filter((row) => !known.has(row.Value) && !ownScreenCodes.has(row.Value)),
        ];
      },
    },
    Field: { load: async () => grantFields },
    NamedAction: { load: async () => grantActions },
    RowRule: staticOptions(
      ROW_RULES.map((rule) => ({ Value: rule, Text: rule === 'all' ? 'All rows' : 'Own rows' })),
    ),
  },
  columns: [
    // The screen first: Add new asks what the grant is for, then whose it is.
    {
      field: 'Target',
      header: 'Screen',
      type: 'select',
      column: roleGrants.target,
      source: 'Target',
      creatable: true,
      filter: 'select',
      rules: { required: true },
      width: 180,
    },
    {
      field: 'RoleCode',
      header: 'Role',
      type: 'select',
      column: roleGrants.roleCode,
      source: 'Role',
      creatable: true,
      filter: 'select',
      rules: { required: true },
      width: 140,
    },
    {
      field: 'CanList',
      header: 'List',
      type: 'checkbox',
      column: roleGrants.canList,
      editable: true,
      width: 70,
    },
    {
      field: 'CanDetail',
      header: 'Detail',
      type: 'checkbox',
      column: roleGrants.canDetail,
      editable: true,
      width: 70,
    },
    {
      field: 'CanAdd',
      header: 'Add',
      type: 'checkbox',
      column: roleGrants.canAdd,
      editable: true,
      width: 70,
    },
    {
      field: 'CanEdit',
      header: 'Edit',
      type: 'checkbox',
      column: roleGrants.canEdit,
      editable: true,
      width: 70,
    },
    {
      field: 'CanDelete',
      header: 'Delete',
      type: 'checkbox',
      column: roleGrants.canDelete,
      editable: true,
      width: 70,
    },
    {
      field: 'CanExport',
      header: 'Export',
      type: 'checkbox',
      column: roleGrants.canExport,
      editable: true,
      width: 70,
    },
    {
      field: 'Actions',
      header: 'Actions',
      type: 'multiselect',
      column: roleGrants.actions,
      source: 'NamedAction',
      editable: true,
      // Set on the grant once it is there (its row), not among every resource's actions on Add new.
      creatable: false,
      width: 160,
    },
    {
      field: 'EditFields',
      header: 'Editable fields (empty: all)',
      type: 'multiselect',
      column: roleGrants.editFields,
      source: 'Field',
      editable: true,
      creatable: false,
      width: 200,
      more: { optionsFor: 'Target' },
    },
    {
      field: 'HiddenFields',
      header: 'Hidden fields',
      type: 'multiselect',
      column: roleGrants.hiddenFields,
      source: 'Field',
      editable: true,
      creatable: false,
      width: 200,
      more: { optionsFor: 'Target' },
    },
    {
      field: 'RowRule',
      header: 'Rows',
      type: 'select',
      column: roleGrants.rowRule,
      source: 'RowRule',
      editable: true,
      default: 'all',
      width: 110,
    },
    { field: 'IsLocked', header: 'Locked', type: 'checkbox', column: roleGrants.isLocked, width: 70 },
  ],
});

const userOptions = tableOptions(users, users.id, users.username);
/** A log's table is not a record table (no lock or change columns): it is read only (see `readOnly`). */
const asLog = (table: unknown) => table as RecordTable;

const SIGN_IN_ACTIONS = ['sign_in', 'social_sign_in', 'oidc_sign_in'];

/** The audit log: who changed what, when, with the old and new value of each field. */
export const auditLogResource = defineResource({
  apiName: 'AuditLog',
  title: 'Audit log',
  screen: { code: 'admin-audit', uiUrl: '/admin/audit', orderNo: 930 },
  table: asLog(auditLog),
  readOnly: true,
  permissions: ADMIN_ONLY,
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  pageSize: 50,
  options: {
    User: userOptions,
    // The actions the log holds, by their words: the filter chooses by what the column shows.
    Action: {
      inWords: true,
      load: async (db) => {
        const rows = await db.selectDistinct({ Value: auditLog.action }).from(auditLog);
        return rows
          .map((row) => ({ Value: row.Value, Text: actionInWords(row.Value) }))
          .sort((a, b) => a.Text.localeCompare(b.Text));
      },
    },
  },
  // Read for `presentRows`: the changes and the fields changed as the entry keeps them.
  rowFields: {
    ChangeList: sql`${auditLog.details} -> 'changes'`,
    ChangedFields: sql`${auditLog.details} -> 'fields'`,
  },
  presentRows: (rows, words) => rows.map((row) => auditRowInWords(row, words)),
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: auditLog.id, width: 80 },
    { field: 'At', header: 'When', type: 'datetime', column: auditLog.at, filter: 'daterange', width: 170 },
    {
      field: 'UserId',
      header: 'User',
      type: 'select',
      column: auditLog.userId,
      source: 'User',
      filter: 'select',
      width: 140,
    },
    {
      field: 'Action',
      header: 'Action',
      type: 'readonly',
      column: auditLog.action,
      source: 'Action',
      filter: 'select',
      searchable: true,
      width: 200,
    },
    {
      field: 'Outcome',
      header: 'Outcome',
      type: 'readonly',
      column: auditLog.outcome,
      filter: 'text',
      width: 100,
    },
    {
      field: 'Resource',
      header: 'Resource',
      type: 'readonly',
      column: auditLog.resource,
      filter: 'text',
      searchable: true,
      width: 120,
    },
    {
      field: 'RecordId',
      header: 'Record',
      type: 'readonly',
      column: auditLog.recordId,
      filter: 'text',
      width: 90,
    },
    {
      field: 'Changes',
      header: 'Changes (old → new)',
      type: 'readonly',
      column: auditLog.changesText,
      searchable: true,
      width: 360,
    },
    { field: 'Ip', header: 'Address', type: 'readonly', column: auditLog.ip, width: 120 },
  ],
});

/** Sign-in attempts: the audit log's sign-ins, with the user name tried and the outcome. */
export const signInAttemptResource = defineResource({
  apiName: 'SignInAttempt',
  title: 'Sign-in attempts',
  screen: { code: 'admin-sign-ins', uiUrl: '/admin/sign-ins', orderNo: 940 },
  table: asLog(auditLog),
  readOnly: true,
  rows: inArray(auditLog.action, SIGN_IN_ACTIONS),
  permissions: ADMIN_ONLY,
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  pageSize: 50,
  options: { User: userOptions },
  // Outcomes in words, as on the audit log.
  presentRows: (rows, words) => rows.map((row) => ({ ...row, ...outcomeInWords(row, words) })),
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: auditLog.id, width: 80 },
    { field: 'At', header: 'When', type: 'datetime', column: auditLog.at, filter: 'daterange', width: 170 },
    {
      field: 'UsernameTried',
      header: 'User name tried',
      type: 'readonly',
      column: auditLog.usernameTried,
      filter: 'text',
      searchable: true,
      width: 160,
    },
    {
      field: 'Outcome',
      header: 'Outcome',
      type: 'readonly',
      column: auditLog.outcome,
      filter: 'text',
      width: 110,
    },
    { field: 'Ip', header: 'Address', type: 'readonly', column: auditLog.ip, filter: 'text', width: 130 },
    { field: 'UserId', header: 'User', type: 'select', column: auditLog.userId, source: 'User', width: 140 },
  ],
});

/** The exception log: client and server errors with their details. */
export const exceptionLogResource = defineResource({
  apiName: 'ExceptionLog',
  title: 'Exception log',
  screen: { code: 'admin-exceptions', uiUrl: '/admin/exceptions', orderNo: 950 },
  table: asLog(exceptionLogs),
  readOnly: true,
  permissions: ADMIN_ONLY,
  defaultSort: [{ field: 'Id', dir: 'desc' }],
  pageSize: 50,
  options: { User: userOptions },
  expand: { fields: 'Data,UserAgent' },
  columns: [
    { field: 'Id', header: 'ID', type: 'readonly', column: exceptionLogs.id, width: 80 },
    {
      field: 'At',
      header: 'When',
      type: 'datetime',
      column: exceptionLogs.at,
      filter: 'daterange',
      width: 170,
    },
    {
      field: 'UserId',
      header: 'User',
      type: 'select',
      column: exceptionLogs.userId,
      source: 'User',
      filter: 'select',
      width: 140,
    },
    {
      field: 'LogBy',
      header: 'Logged by',
      type: 'readonly',
      column: exceptionLogs.logBy,
      filter: 'text',
      width: 110,
    },
    {
      field: 'ApiUrl',
      header: 'API',
      type: 'readonly',
      column: exceptionLogs.apiUrl,
      filter: 'text',
      searchable: true,
      width: 200,
    },
    {
      field: 'Url',
      header: 'Page',
      type: 'readonly',
      column: exceptionLogs.url,
      searchable: true,
      width: 200,
    },
    {
      field: 'Error',
      header: 'Error',
      type: 'textarea',
      column: exceptionLogs.error,
      searchable: true,
      width: 300,
    },
    { field: 'Data', header: 'Details', type: 'textarea', column: exceptionLogs.data, width: 300 },
    { field: 'Ip', header: 'Address', type: 'readonly', column: exceptionLogs.ip, width: 120 },
    {
      field: 'UserAgent',
      header: 'Browser',
      type: 'readonly',
      column: exceptionLogs.userAgent,
      hidden: true,
    },
  ],
});

/** The administration's resources, declared like any other: their screens are configuration too. */
export const ADMINISTRATION_RESOURCES: readonly ResourceDeclaration[] = [
  userResource,
  roleResource,
  roleGrantResource,
  auditLogResource,
  signInAttemptResource,
  exceptionLogResource,
];

/**
 * The administration's rules on top of the generic protocol: no change may leave the product without
 * an enabled administrator; disabling a user ends their sessions in the same transaction; a change of
 * roles or grants clears the cached permissions everywhere.
 */
export function administrationHooks(
  resources: ResourceService,
  access: AccessService,
  /** Grant targets that are not resources, from the modules that check them (API keys). */
  extraTargets: readonly { Value: string; Text: string }[] = [],
): void {
  grantTargets.length = 0;
  grantFields.length = 0;
  grantActions.length = 0;
  const actions = new Set<string>();
  for (const resource of resources.registry.all()) {
    for (const name of resource.declaration.namedActions ?? []) actions.add(name);
    grantTargets.push({ Value: resource.apiName, Text: resource.title });
    ownScreenCodes.add(resource.declaration.screen.code);
    for (const column of resource.columns) {
      // Buttons and the table's helpers (UI_Reload, UI_Delete) hold no data to hide or edit.
      if (!column.stored || column.field.startsWith('UI_')) continue;
      // By its header, as its screen shows it.
      grantFields.push({ Value: column.field, Text: column.header, For: resource.apiName });
    }
  }
  grantFields.sort(
    (a, b) => a.For.localeCompare(b.For) || a.Text.localeCompare(b.Text) || a.Value.localeCompare(b.Value),
  );
  for (const name of [...actions].sort()) grantActions.push({ Value: name, Text: spelledOut(name) });
  // The studio is a target too: its grant's List lets a role change the configuration.
  grantTargets.push({ Value: STUDIO_GRANT, Text: 'Studio' });
  grantTargets.push(...extraTargets);
  const invalidate = () => access.invalidate();
  resources.addWriteHook('User', {
    inTransaction: async (change, tx) => {
      await access.ensureAnAdministrator(tx);
      if (change.after?.IsDisabled === true && change.before?.IsDisabled !== true) {
        await access.endSessions(tx, [change.id]);
      }
    },
  });
  resources.addWriteHook('Role', {
    inTransaction: async (_change, tx) => access.ensureAnAdministrator(tx),
    afterEveryCommit: invalidate,
    readsRows: async () => false,
  });
  resources.addWriteHook('RoleGrant', { afterEveryCommit: invalidate });
}
