import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NumberInput, numberProblemMessage } from '../../components/number-input/number-input';
import { formatMoney } from '../../engine/formats';

const MIN = 0;
const MAX = 1000;

/**
 * /test/test_input_range (public): range sliders tied to number inputs that follow the number input
 * rules, and a price range whose ends cannot cross.
 */
export function InputRangePage() {
  const { t } = useTranslation(['forms', 'common']);
  const id = useId();
  const [volume, setVolume] = useState(40);
  const [volumeProblem, setVolumeProblem] = useState<string | undefined>(undefined);
  const [from, setFrom] = useState(100);
  const [to, setTo] = useState(600);

  return (
    <section className="container py-4" style={{ maxWidth: 640 }}>
      <h1 className="h3">{t('Input range test')}</h1>
      <p className="text-secondary">{t('Sliders and number inputs that keep each other in step.')}</p>

      <div className="card mb-4">
        <div className="card-body">
          <label htmlFor={`${id}-volume`} className="form-label">
            {t('Volume')}
          </label>
          <div className="d-flex align-items-center gap-3">
            <input
              id={`${id}-volume`}
              type="range"
              className="form-range flex-grow-1"
              min={0}
              max={100}
              step={1}
              value={volume}
              onChange={(e) => setVolume(Number(e.target.value))}
            />
            <NumberInput
              className={`form-control${volumeProblem ? ' is-invalid' : ''}`}
              style={{ width: 90 }}
              aria-label={t('Volume as a number')}
              aria-invalid={volumeProblem ? true : undefined}
              aria-describedby={volumeProblem ? `${id}-volume-problem` : undefined}
              value={volume}
              allowDecimal={false}
              allowNegative={false}
              min={0}
              max={100}
              onReadingChange={(reading) => {
                setVolumeProblem(numberProblemMessage(reading));
                if (reading.ok && reading.value !== null && reading.value <= 100) setVolume(reading.value);
              }}
            />
          </div>
          {volumeProblem && (
            <div id={`${id}-volume-problem`} className="invalid-feedback d-block">
              {t(volumeProblem)}
            </div>
          )}
          <output htmlFor={`${id}-volume`} className="d-block mt-2" data-testid="volume-output">
            {t('Volume: {{value}}', { value: volume })}
          </output>
        </div>
      </div>

      <fieldset className="card">
        <div className="card-body">
          <legend className="h6">{t('Price range')}</legend>
          <label htmlFor={`${id}-from`} className="form-label">
            {t('From')}
          </label>
          <input
            id={`${id}-from`}
            type="range"
            className="form-range"
            min={MIN}
            max={MAX}
            step={10}
            value={from}
            onChange={(e) => setFrom(Math.min(Number(e.target.value), to))}
          />
          <label htmlFor={`${id}-to`} className="form-label">
            {t('To')}
          </label>
          <input
            id={`${id}-to`}
            type="range"
            className="form-range"
            min={MIN}
            max={MAX}
            step={10}
            value={to}
            onChange={(e) => setTo(Math.max(Number(e.target.value), from))}
          />
          <output className="d-block mt-2" data-testid="price-output">
            {t('From {{from}} to {{to}}', { from: formatMoney(from), to: formatMoney(to) })}
          </output>
        </div>
      </fieldset>
    </section>
  );
}
