import type { ConfigChange } from '@panelwright/contract';
import { useTranslation } from 'react-i18next';
import { type ChangeLine, groupChanges, type Words } from '../../engine/config-changes';

const MARKS: Record<ChangeLine['op'], { sign: string; label: string; className: string }> = {
  add: { sign: '+', label: 'Added', className: 'studio-change-add' },
  change: { sign: '~', label: 'Changed', className: 'studio-change-change' },
  remove: { sign: '−', label: 'Removed', className: 'studio-change-remove' },
};

/** A readable diff: the changes grouped by item, each line with its old and new value. */
export function ChangeList({ changes, empty }: { changes: readonly ConfigChange[]; empty: string }) {
  const { t } = useTranslation(['studio', 'common']);
  const words = ({ text, values }: Words) => t(text, values ?? {});
  const groups = groupChanges(changes);
  if (groups.length === 0) return <p className="text-secondary mb-0">{empty}</p>;
  return (
    <div className="studio-changes">
      {groups.map((group) => (
        <section key={group.key} className="studio-change-group">
          <h3 className="h6 mb-1">{words(group.title)}</h3>
          <ul className="list-unstyled mb-0">
            {group.lines.map((line, index) => {
              const mark = MARKS[line.op];
              return (
                // biome-ignore lint/suspicious/noArrayIndexKey: the lines of a diff never move
                <li key={index} className={`studio-change ${mark.className}`}>
                  <span className="studio-change-sign" title={t(mark.label)}>
                    <span aria-hidden="true">{mark.sign}</span>
                    <span className="visually-hidden">{t(mark.label)}</span>
                  </span>
                  <span className="studio-change-target">{words(line.target)}</span>
                  {line.op === 'change' ? (
                    <span className="studio-change-values">
                      <del className="studio-value">{line.before}</del>
                      <span aria-hidden="true"> → </span>
                      <span className="visually-hidden">{t('becomes')}</span>
                      <ins className="studio-value">{line.after}</ins>
                    </span>
                  ) : (
                    <span className="studio-change-values">
                      <code className="studio-value">{line.op === 'add' ? line.after : line.before}</code>
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
