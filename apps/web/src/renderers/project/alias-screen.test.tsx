import { render, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { registerRenderer, type ScreenDescriptor, type ScreenRendererProps } from '../registry';
import { aliasOf, TaskPage } from './alias-screen';

// A stand-in renderer that shows what it was given.
function Probe({ screen: given }: ScreenRendererProps) {
  return (
    <output data-testid="probe">
      {JSON.stringify({ pageType: given.pageType, requestData: given.requestData, config: given.config })}
    </output>
  );
}
registerRenderer('probe_target', async () => ({ default: Probe }));
registerRenderer('admin_record', async () => ({ default: Probe }));

const screenOf = (over: Partial<ScreenDescriptor> = {}): ScreenDescriptor => ({
  id: 's',
  screenCode: 'tasks',
  title: 'Tasks',
  apiName: 'Task',
  apiMethod: 'List',
  uiType: 'prj_task',
  pageType: 'prj_task',
  config: {},
  requestData: { ProjectId: 4 },
  contents: [],
  ...over,
});

describe('project page types', () => {
  it('draw another renderer over the same screen and RequestData', async () => {
    const Alias = aliasOf('probe_target');
    render(<Alias screen={screenOf()} params={{}} />);
    expect(JSON.parse((await screen.findByTestId('probe')).textContent ?? '')).toEqual({
      pageType: 'probe_target',
      requestData: { ProjectId: 4 },
      config: {},
    });
  });

  it('scope the task page to the task of the address, which shows its own comments and history', async () => {
    render(<TaskPage screen={screenOf({ requestData: {} })} params={{ taskid: '12' }} />);
    expect(JSON.parse((await screen.findByTestId('probe')).textContent ?? '')).toEqual({
      pageType: 'admin_record',
      requestData: { Id: '12' },
      config: { ownActivity: true },
    });
  });
});
