import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../engine/formats';
import { readText } from '../../engine/values';
import { NumberInput, numberProblemMessage } from '../number-input/number-input';
import type { ControlProps } from './registry';

const numberOption = (value: unknown) =>
  typeof value === 'number' && Number.isFinite(value) ? value : undefined;

/**
 * The number input of forms: typed as the product shows numbers (decimal comma, thousand dot). The
 * value is the number while the text reads as one; otherwise it is the text itself and the field
 * says why, so that the form refuses to send it.
 */
function NumberField(props: ControlProps & { money: boolean }) {
  const { t } = useTranslation(['forms', 'common']);
  const more = props.control.more ?? {};
  const shown = typeof props.value === 'number' && Number.isFinite(props.value) ? props.value : null;
  return (
    <>
      <NumberInput
        id={props.id}
        className={`form-control ${props.invalid ? 'is-invalid' : ''}`}
        value={props.value}
        allowDecimal={more.allowDecimal !== false}
        allowNegative={more.allowNegative !== false}
        min={numberOption(more.min)}
        max={numberOption(more.max)}
        placeholder={props.placeholder}
        disabled={props.disabled}
        aria-invalid={props.invalid || undefined}
        aria-required={props.required || undefined}
        aria-describedby={props.describedBy}
        onReadingChange={(reading, text) => {
          const problem = numberProblemMessage(reading);
          props.reportProblem(problem && t(problem));
          props.onChange(reading.ok ? reading.value : text);
        }}
        onBlur={props.onCommit}
      />
      {props.money && shown !== null && (
        <div className="form-text" aria-hidden="true">
          {formatMoney(shown, readText(more.format))}
        </div>
      )}
    </>
  );
}

/** `number`: the number input rules (decimals and negatives may be forbidden; clamped on blur). */
export function NumberControl(props: ControlProps) {
  return <NumberField {...props} money={false} />;
}

/** `money`: a number with decimals, shown formatted under the input. */
export function MoneyControl(props: ControlProps) {
  return <NumberField {...props} money />;
}
