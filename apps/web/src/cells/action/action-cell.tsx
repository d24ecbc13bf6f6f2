import { useState } from 'react';
import Dropdown from 'react-bootstrap/Dropdown';
import { createPortal } from 'react-dom';
import { actionItemColumns, resolveCellCached } from '../resolve-cache';
import type { CellProps } from '../types';

/**
 * `action`: the row's actions (`more.actions`, a list of button-like configurations: title, icon,
 * api, modal, apiCheckShowModal, link, confirmMsg...) in a menu; each item runs like a button cell.
 */
export function ActionCell({ actions, row, column, resolved }: CellProps) {
  // A menu per row would put a dropdown's hooks in every row that scrolls by: until first used, the
  // toggle is a plain button.
  const [open, setOpen] = useState<boolean | null>(null);
  if (resolved.display.hidden) return null;
  const items = actionItemColumns(column);
  if (items.length === 0) return null;
  const label = actions.t('Actions of row {{id}}', { id: String(row.Id ?? '') });
  if (open === null) {
    return (
      <button
        type="button"
        className="dropdown-toggle btn btn-outline-secondary btn-sm"
        aria-label={label}
        aria-haspopup="menu"
        aria-expanded={false}
        onClick={() => setOpen(true)}
      >
        <i className="bi bi-three-dots" aria-hidden="true" />
      </button>
    );
  }
  return (
    <Dropdown show={open} onToggle={(next) => setOpen(next)}>
      <Dropdown.Toggle size="sm" variant="outline-secondary" aria-label={label} autoFocus>
        <i className="bi bi-three-dots" aria-hidden="true" />
      </Dropdown.Toggle>
      {/* In the page's body: a scrolled or transformed grid around the row would otherwise move the
          menu away from its button (fixed positions are taken from a transformed ancestor). */}
      {createPortal(
        <Dropdown.Menu popperConfig={{ strategy: 'fixed' }}>
          {items.map((item, index) => {
            const itemResolved = resolveCellCached(item, row);
            const button = itemResolved.button;
            if (!itemResolved.visibility.visible) return null;
            return (
              <Dropdown.Item
                // biome-ignore lint/suspicious/noArrayIndexKey: the items are a fixed list of the column
                key={index}
                as="button"
                disabled={button?.disabled}
                onClick={() => actions.activate(row, item)}
              >
                {button?.icon && <i className={`bi bi-${button.icon} me-2`} aria-hidden="true" />}
                {actions.t(button?.title || '')}
              </Dropdown.Item>
            );
          })}
        </Dropdown.Menu>,
        document.body,
      )}
    </Dropdown>
  );
}
