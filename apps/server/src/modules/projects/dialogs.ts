// The project dialogs of part 1 section 2, as configuration: each names its resource and the fields
// its form shows (the controls come from the resource's declared columns), or the service form it
// edits. The web draws every one of them with the form engine in the engine's modal.

/** What a dialog does with its form. */
export type DialogKind =
  /** AddNew of the resource. */
  | 'add'
  /** UpdateFields of one record of the resource. */
  | 'edit'
  /** Who is assigned to a task, who watches it, what they are told of. */
  | 'task_users'
  /** An environment's address, headers, variables and (sealed) secrets. */
  | 'api_setting';

export type DialogDeclaration = {
  name: string;
  /** The dialog's title, word for word from the spec's list. */
  title: string;
  apiName: string;
  kind: DialogKind;
  /** `add` and `edit`: the resource's fields on the form, in order. */
  fields?: readonly string[];
};

export const PROJECT_DIALOGS: readonly DialogDeclaration[] = [
  {
    name: 'new_project',
    title: 'New project',
    apiName: 'Project',
    kind: 'add',
    fields: ['Code', 'Name', 'Status', 'OwnerId', 'StartDate', 'EndDate', 'Color', 'Description'],
  },
  {
    name: 'new_task',
    title: 'New task',
    apiName: 'Task',
    kind: 'add',
    fields: [
      'ProjectId',
      'Title',
      'Status',
      'Priority',
      'AssigneeId',
      'DueDate',
      'EstimateHours',
      'ReleaseId',
      'Description',
    ],
  },
  {
    name: 'new_release',
    title: 'New release',
    apiName: 'Release',
    kind: 'add',
    fields: ['ProjectId', 'Version', 'Name', 'ReleaseDate', 'Status', 'NotesHtml'],
  },
  {
    name: 'task_item',
    title: 'Task item',
    apiName: 'Task',
    kind: 'edit',
    fields: [
      'Title',
      'Status',
      'Priority',
      'DueDate',
      'EstimateHours',
      'SpentHours',
      'ReleaseId',
      'Description',
    ],
  },
  { name: 'task_user_setting', title: 'Task user setting', apiName: 'Task', kind: 'task_users' },
  {
    name: 'api_test_cases',
    title: 'API test cases',
    apiName: 'ApiTestCase',
    kind: 'add',
    fields: [
      'ProjectId',
      'Name',
      'EnvironmentId',
      'Method',
      'Path',
      'RequestBody',
      'ExpectedStatus',
      'Assertions',
    ],
  },
  { name: 'api_setting', title: 'API setting', apiName: 'ProjectEnvironment', kind: 'api_setting' },
];

export const NOTIFY_CHOICES = [
  { Value: 'all', Text: 'Every change' },
  { Value: 'status', Text: 'Status changes only' },
  { Value: 'none', Text: 'Nothing' },
];

/** What a masked secret shows in place of its value; sent back unchanged, it keeps the value. */
export const SECRET_MASK = '••••••';
