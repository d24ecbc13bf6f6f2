import type { OptionItem } from '@panelwright/contract';
import { useMemo } from 'react';
import { toast } from 'react-toastify';
import { api } from '../../api/api';
import { ConfigForm } from '../../components/config-form/config-form';
import { useModalControls } from '../../components/modal-host/modal-context';
import { openModal } from '../../components/modal-host/modal-store';
import type { FormControl, FormScreenConfig } from '../../engine/forms';
import { i18n } from '../../i18n';

/** The project dialogs of part 1 section 2, by the name the server knows them by. */
export type ProjectDialogName =
  | 'new_project'
  | 'new_task'
  | 'new_release'
  | 'task_item'
  | 'task_user_setting'
  | 'api_test_cases'
  | 'api_setting';

type DialogForm = {
  Name: string;
  Title: string;
  Controls: FormControl[];
  Values: Record<string, unknown>;
  Options: Record<string, OptionItem[]>;
  IM_ReturnTime?: string;
};

type Envelope = { Msg?: string; Data?: Record<string, unknown> };

const translate = (text: string) => i18n.t(text, { ns: ['project', 'forms', 'common'] });

function DialogBody({
  form,
  id,
  requestData,
}: {
  form: DialogForm;
  id: number | undefined;
  requestData: Record<string, unknown> | undefined;
}) {
  const modal = useModalControls();
  const config = useMemo<FormScreenConfig>(
    () => ({ controls: form.Controls, closeMyModalAfterSubmit: true }),
    [form.Controls],
  );
  return (
    <ConfigForm
      config={config}
      apiName=""
      initialValues={form.Values}
      optionLists={form.Options}
      translate={translate}
      idPrefix={`dialog-${form.Name}`}
      onCancel={() => (modal?.dismiss ? modal.dismiss() : modal?.close(undefined))}
      send={async (body) => {
        const envelope = await api.call<Envelope>({
          path: 'ProjectDialog',
          name: 'Save',
          body: {
            Name: form.Name,
            ...(id !== undefined ? { Id: id } : {}),
            ...(requestData ? { RequestData: requestData } : {}),
            DataForm: body.DataForm,
            ...(form.IM_ReturnTime ? { IM_ReturnTime: form.IM_ReturnTime } : {}),
          },
          hideError: true,
        });
        toast.success(translate(envelope.Msg || 'Saved.'));
        return envelope.Data;
      }}
    />
  );
}

/**
 * Opens a project dialog: its form (controls, values, option lists) comes from the server's
 * configuration and is drawn by the form engine in the engine's modal (focus kept inside, Escape
 * and Cancel ask before losing changes). Resolves with the saved record, or undefined when closed.
 */
export async function openProjectDialog(
  name: ProjectDialogName,
  options: { id?: number; requestData?: Record<string, unknown> } = {},
): Promise<Record<string, unknown> | undefined> {
  const form = await api.post<DialogForm>('ProjectDialog', 'Form', {
    Name: name,
    ...(options.id !== undefined ? { Id: options.id } : {}),
    ...(options.requestData ? { RequestData: options.requestData } : {}),
  });
  const saved = await openModal({
    type: 'component',
    size: 'lg',
    title: translate(form.Title),
    render: () => <DialogBody form={form} id={options.id} requestData={options.requestData} />,
  });
  return saved && typeof saved === 'object' ? (saved as Record<string, unknown>) : undefined;
}
