import { eq, inArray } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import type { Database } from '../../db/client';
import { tasks, users } from '../../db/schema';
import { normalizeLanguage, translateMessage } from '../../i18n';
import type { NotificationService } from '../notifications/service';
import { TASK_STATUSES } from '../resources/declarations/projects';
import type { ResourceService, WriteChange } from '../resources/service';

/** Fields whose change is not news to a task's people: the row's own bookkeeping. */
const NOT_NEWS = new Set(['IM_ReturnTime', 'UpdatedAt', 'UpdatedBy', 'UI_StyleRow']);

const statusText = (value: unknown) =>
  TASK_STATUSES.find((status) => status.Value === value)?.Text ?? String(value ?? '');

/**
 * Tells a task's assigned users and watchers (not who made the change) of a change to it, as the
 * task's "Notify me of" choice says (Task users dialog): `all` changes, `status` changes only, or
 * `none`. Each is told in their own language, in the notification list and by push.
 */
export function notifyTaskChanges(
  db: Database,
  resources: ResourceService,
  notifications: NotificationService,
  log: Pick<FastifyBaseLogger, 'warn'>,
): void {
  resources.addWriteHook('Task', {
    afterCommit: async (change) => {
      if (change.action !== 'UpdateFields' || !change.before || !change.after) return;
      // The change is stored by now: a notice that cannot go (a user disabled meanwhile) must not
      // turn the saved change into a failure for whoever made it.
      await tellTaskPeople(db, resources, notifications, change).catch((error: unknown) =>
        log.warn({ err: error, taskId: change.id }, 'the task change could not be notified'),
      );
    },
  });
}

async function tellTaskPeople(
  db: Database,
  resources: ResourceService,
  notifications: NotificationService,
  change: WriteChange,
) {
  const before = change.before ?? {};
  const after = change.after ?? {};
  const changed = Object.keys(after).filter(
    (field) => !NOT_NEWS.has(field) && JSON.stringify(before[field]) !== JSON.stringify(after[field]),
  );
  if (changed.length === 0) return;
  const [task] = await db
    .select({
      title: tasks.title,
      assigneeIds: tasks.assigneeIds,
      watcherIds: tasks.watcherIds,
      notifyChoice: tasks.notifyChoice,
    })
    .from(tasks)
    .where(eq(tasks.id, change.id));
  if (!task || task.notifyChoice === 'none') return;
  const statusChanged = changed.includes('Status');
  if (task.notifyChoice === 'status' && !statusChanged) return;
  const people = [...new Set([...task.assigneeIds, ...task.watcherIds])].filter(
    (id) => id !== change.actor.user.id,
  );
  if (people.length === 0) return;
  const recipients = await db
    .select({ id: users.id, language: users.languageCode, disabled: users.isDisabled })
    .from(users)
    .where(inArray(users.id, people));
  const byLanguage = new Map<string, number[]>();
  for (const person of recipients) {
    if (person.disabled) continue;
    const language = normalizeLanguage(person.language);
    byLanguage.set(language, [...(byLanguage.get(language) ?? []), person.id]);
  }
  const headerOf = (field: string) => resources.registry.get('Task')?.byField.get(field)?.header ?? field;
  for (const [language, userIds] of byLanguage) {
    const say = (text: string) => translateMessage(text, normalizeLanguage(language));
    const body = statusChanged
      ? say(`Status: ${say(statusText(before.Status))} → ${say(statusText(after.Status))}`)
      : say(`Changed: ${changed.map((field) => say(headerOf(field))).join(', ')}`);
    await notifications.send(
      change.actor.user.id,
      {
        Title: say(`Task changed: ${task.title}`).slice(0, 200),
        Body: body,
        Url: `/dailytasks/${change.id}`,
        UserIds: userIds,
      },
      change.actor.ip ?? '',
    );
  }
}
