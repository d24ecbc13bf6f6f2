import type { ConfigScreen } from '@panelwright/contract';
import { useTranslation } from 'react-i18next';
import type { ConfigIssue } from '../../../api/configuration';
import {
  headerButtons,
  moveField,
  optionValue,
  withHeaderButtons,
  withOptionValue,
} from '../../../engine/studio/screens';
import { SCREEN_BUTTON_FIELDS } from './column-options';
import { OptionInput } from './column-options-form';

type Button = Record<string, unknown>;

/** The buttons of the screen's header (`screenConfig.Header.buttonList`): add, change, reorder, remove. */
export function ScreenButtonsEditor({
  screen,
  issues,
  onChange,
}: {
  screen: ConfigScreen;
  issues: readonly ConfigIssue[];
  onChange: (screen: ConfigScreen) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const buttons = headerButtons(screen);
  const set = (next: Button[]) => onChange(withHeaderButtons(screen, next));
  const problemOf = (index: number, path: readonly string[]) => {
    const suffix = `.screenConfig.Header.buttonList.${index}.${path.join('.')}`;
    return issues.find((issue) => issue.Path.endsWith(suffix))?.Message ?? null;
  };
  const order = buttons.map((_, index) => String(index));
  return (
    <div className="studio-buttons">
      <p className="text-secondary small">
        {t('The buttons over the screen’s table: each calls an action, opens an address or a modal.')}
      </p>
      {buttons.length === 0 && <p className="text-secondary">{t('This screen has no buttons yet.')}</p>}
      {buttons.map((button, index) => {
        const name = String(button.title ?? button.icon ?? index + 1);
        return (
          // biome-ignore lint/suspicious/noArrayIndexKey: a button has no identity but its place.
          <fieldset key={index} className="studio-options-panel p-3">
            <legend className="h6 float-none w-auto px-1 mb-0">
              {t('Button {{place}}', { place: index + 1 })}
            </legend>
            <div className="studio-option-fields">
              {SCREEN_BUTTON_FIELDS.map((option) => (
                <OptionInput
                  key={option.path.join('.')}
                  field={name}
                  option={option}
                  fieldList=""
                  problem={problemOf(index, option.path)}
                  value={optionValue(button, option.path)}
                  onChange={(value) =>
                    set(
                      buttons.map((other, at) =>
                        at === index ? (withOptionValue(other, option.path, value) ?? {}) : other,
                      ),
                    )
                  }
                />
              ))}
            </div>
            <div className="d-flex flex-wrap gap-2">
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === 0}
                onClick={() =>
                  set(moveField(order, String(index), -1).map((at) => buttons[Number(at)] ?? {}))
                }
              >
                {t('Move {{name}} up', { name })}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-secondary"
                disabled={index === buttons.length - 1}
                onClick={() => set(moveField(order, String(index), 1).map((at) => buttons[Number(at)] ?? {}))}
              >
                {t('Move {{name}} down', { name })}
              </button>
              <button
                type="button"
                className="btn btn-sm btn-outline-danger"
                onClick={() => set(buttons.filter((_, at) => at !== index))}
              >
                {t('Remove {{name}}', { name })}
              </button>
            </div>
          </fieldset>
        );
      })}
      <button
        type="button"
        className="btn btn-sm btn-outline-primary mt-3"
        onClick={() => set([...buttons, {}])}
      >
        <i className="bi bi-plus-lg me-1" aria-hidden="true" />
        {t('Add a button')}
      </button>
    </div>
  );
}
