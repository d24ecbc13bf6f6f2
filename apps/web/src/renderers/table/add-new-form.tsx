import type { OptionItem } from '@panelwright/contract';
import { useMemo } from 'react';
import type { Translate } from '../../cells';
import { ConfigForm, type FormSubmitBody } from '../../components/config-form/config-form';
import { useModalControls } from '../../components/modal-host/modal-context';
import type { FormControl, FormScreenConfig } from '../../engine/forms';

/**
 * The AddNew form of `ScreenConfig.AddNew.controls`, drawn by the form engine (the same controls,
 * number and date reading, required check, field messages and unsaved-changes question as every
 * form); the body is `{DefaultValues, DataForm}`.
 */
export function AddNewForm({
  controls,
  options,
  t,
  submit,
  closeAfterSubmit,
}: {
  controls: FormControl[];
  options: Record<string, OptionItem[]>;
  t: Translate;
  /** Sends the body; resolves when saved, rejects with the message to show otherwise. */
  submit(body: FormSubmitBody): Promise<void>;
  /** `AddNew.closeMyModalAfterSubmit`: the modal closes once saved. */
  closeAfterSubmit: boolean;
}) {
  const modal = useModalControls();
  const config = useMemo<FormScreenConfig>(
    () => ({ controls, closeMyModalAfterSubmit: closeAfterSubmit }),
    [controls, closeAfterSubmit],
  );
  return (
    <ConfigForm
      config={config}
      apiName=""
      optionLists={options}
      translate={(text) => t(text)}
      idPrefix="add-new"
      send={submit}
      clearAfterSubmit
      onCancel={() => (modal?.dismiss ? modal.dismiss() : modal?.close(undefined))}
    />
  );
}
