import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatMoney } from '../../engine/formats';
import { clampNumberInput, numberInputValue, sanitizeNumberInput } from '../../engine/forms';

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
  const [volumeText, setVolumeText] = useState('40');
  const [from, setFrom] = useState(100);
  const [to, setTo] = useState(600);

  const setFromText = (text: string) => {
    const value = numberInputValue(clampNumberInput(text, { min: MIN, max: MAX }));
    if (value !== null) setVolume(value);
    setVolumeText(clampNumberInput(text, { min: MIN, max: 100 }));
  };

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
              onChange={(e) => {
                setVolume(Number(e.target.value));
                setVolumeText(e.target.value);
              }}
            />
            <input
              type="text"
              inputMode="numeric"
              className="form-control"
              style={{ width: 90 }}
              aria-label={t('Volume as a number')}
              value={volumeText}
              onChange={(e) => {
                const text = sanitizeNumberInput(e.target.value, {
                  allowDecimal: false,
                  allowNegative: false,
                });
                setVolumeText(text);
                const value = numberInputValue(text);
                if (value !== null && value <= 100) setVolume(value);
              }}
              onBlur={() => setFromText(volumeText)}
            />
          </div>
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
