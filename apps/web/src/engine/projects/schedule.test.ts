import { describe, expect, it } from 'vitest';
import { moveValues, SCHEDULE_SOURCES, scheduleEvents } from './schedule';

const [tasks, releases, meetings] = SCHEDULE_SOURCES;

describe("a project's schedule", () => {
  it('shows tasks by due date, releases and meetings, each id unique across them', () => {
    const label = (text: string) => `[${text}]`;
    const task = scheduleEvents(tasks!, [{ Id: 1, Title: 'Write', DueDate: '2026-11-25' }], label);
    const release = scheduleEvents(
      releases!,
      [{ Id: 1, Version: '1.1.0', ReleaseDate: '2026-11-30' }],
      label,
    );
    const meeting = scheduleEvents(
      meetings!,
      [{ Id: 1, Title: 'Planning', StartsAt: '2026-11-24T09:30:00Z', EndsAt: '2026-11-24T10:30:00Z' }],
      label,
    );
    expect(task[0]).toMatchObject({
      id: 'Task-1',
      title: '[Task]: Write',
      start: '2026-11-25',
      allDay: true,
    });
    expect(release[0]).toMatchObject({ id: 'Release-1', title: '[Release]: 1.1.0', allDay: true });
    expect(meeting[0]).toMatchObject({ id: 'Meeting-1', allDay: false, end: '2026-11-24T10:30:00Z' });
    // A task without a due date is not on the calendar; a locked one cannot be dragged.
    expect(scheduleEvents(tasks!, [{ Id: 2, Title: 'Someday', DueDate: null }], label)).toEqual([]);
    expect(
      scheduleEvents(tasks!, [{ Id: 3, Title: 'Fixed', DueDate: '2026-11-25', IsLocked: true }], label)[0]
        ?.editable,
    ).toBe(false);
  });

  it('writes the day a task or release is dropped on, and a meeting its new times', () => {
    const day = new Date(2026, 10, 27, 0, 0, 0);
    expect(moveValues(tasks!, day, null)).toEqual([{ FieldName: 'DueDate', NewValue: '2026-11-27' }]);
    expect(moveValues(releases!, day, null)).toEqual([{ FieldName: 'ReleaseDate', NewValue: '2026-11-27' }]);
    const start = new Date(Date.UTC(2026, 10, 27, 9));
    const end = new Date(Date.UTC(2026, 10, 27, 10));
    expect(moveValues(meetings!, start, end)).toEqual([
      { FieldName: 'StartsAt', NewValue: '2026-11-27T09:00:00.000Z' },
      { FieldName: 'EndsAt', NewValue: '2026-11-27T10:00:00.000Z' },
    ]);
  });
});
