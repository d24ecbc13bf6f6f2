import type { CollectionLoss } from '@panelwright/contract';
import { useQuery } from '@tanstack/react-query';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { fetchDraftLosses } from '../../../api/collections';

/**
 * The stored values a publish of the draft would delete (a dropped collection or field, a type that
 * cannot hold them), each with how many and a box where its name must be typed. `onChange` gets the
 * names typed right, and whether every loss is confirmed.
 */
export function LossConfirmation({
  changes,
  onChange,
}: {
  /** The draft's changes, whose count keys the question (asked again when the draft changes). */
  changes: number;
  onChange: (confirm: string[], complete: boolean) => void;
}) {
  const { t } = useTranslation(['studio', 'common']);
  const id = useId();
  const losses = useQuery({ queryKey: ['Collections', 'Losses', changes], queryFn: fetchDraftLosses });
  const [typed, setTyped] = useState<Record<string, string>>({});
  const lost = (losses.data ?? []).filter((loss) => loss.Values > 0);
  const confirmed = lost.filter((loss) => typed[loss.Name] === loss.Name).map((loss) => loss.Name);
  const complete = losses.isSuccess && confirmed.length === lost.length;
  const key = `${confirmed.join(',')}|${complete}`;
  // biome-ignore lint/correctness/useExhaustiveDependencies: `key` stands for confirmed and complete
  useEffect(() => onChange(confirmed, complete), [key]);
  if (losses.isPending)
    return <p className="small text-secondary mt-3 mb-0">{t('Checking what the draft deletes…')}</p>;
  if (lost.length === 0) return null;
  return (
    <fieldset className="alert alert-warning mt-3 mb-0 studio-losses">
      <legend className="fs-6 mb-2 fw-semibold">
        {t('Publishing deletes stored values. Type each name to confirm:')}
      </legend>
      <ul className="list-unstyled mb-0">
        {lost.map((loss) => (
          <li key={loss.Name} className="mb-2">
            <label className="form-label small mb-1" htmlFor={`${id}-${loss.Name}`}>
              {lossText(loss, t)}
            </label>
            <input
              id={`${id}-${loss.Name}`}
              className={`form-control form-control-sm font-monospace${typed[loss.Name] === loss.Name ? ' is-valid' : ''}`}
              autoComplete="off"
              placeholder={loss.Name}
              value={typed[loss.Name] ?? ''}
              onChange={(event) => setTyped((current) => ({ ...current, [loss.Name]: event.target.value }))}
            />
          </li>
        ))}
      </ul>
    </fieldset>
  );
}

function lossText(loss: CollectionLoss, t: (key: string, values: Record<string, unknown>) => string): string {
  const values = { name: loss.Name, count: loss.Values };
  if (loss.Reason === 'drop-collection') return t('{{name}} is deleted with its {{count}} records', values);
  if (loss.Reason === 'drop-field') return t('{{name}} is deleted with {{count}} values', values);
  return t('{{name}} changes type: {{count}} values are emptied', values);
}
