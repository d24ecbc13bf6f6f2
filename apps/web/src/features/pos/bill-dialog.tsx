import type { PosBill, PosPaymentMethod } from '@panelwright/contract';
import { formatMinor } from '@panelwright/contract/pos-rules';
import { useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { createPortal } from 'react-dom';
import { useTranslation } from 'react-i18next';
import { toast } from 'react-toastify';
import { mailPosInvoice, posInvoiceLink, returnPosItems } from '../../api/pos';
import { resolveFullPathUrl } from '../../components/full-path/full-path';
import { DATA_TEXT } from '../../i18n';
import { Invoice, PAYMENT_WORDS, Receipt } from './bill-documents';

type Props = { bill: PosBill; onClose: () => void; onBill: (bill: PosBill) => void };

/**
 * A bill just sold (or found by its number): its receipt, printing as an 80 mm receipt or an A4
 * invoice, the invoice PDF from the server, and a return of some of its units.
 */
export function BillDialog({ bill, onClose, onBill }: Props) {
  const { t } = useTranslation(['pos', 'common']);
  const [layout, setLayout] = useState<'receipt' | 'invoice'>('receipt');
  const [returning, setReturning] = useState(false);
  const [quantities, setQuantities] = useState<Record<number, number>>({});
  const [method, setMethod] = useState<PosPaymentMethod>('cash');
  const [busy, setBusy] = useState(false);
  const [email, setEmail] = useState('');

  const print = (which: 'receipt' | 'invoice') => {
    setLayout(which);
    // After React has drawn the chosen layout into the print area.
    requestAnimationFrame(() => window.print());
  };
  const download = async () => {
    setBusy(true);
    try {
      const link = await posInvoiceLink(bill.Id);
      const anchor = document.createElement('a');
      anchor.href = resolveFullPathUrl(link.FullPath);
      anchor.download = link.FullPathName;
      document.body.append(anchor);
      anchor.click();
      anchor.remove();
    } finally {
      setBusy(false);
    }
  };
  const mail = async () => {
    if (!email.trim()) return;
    setBusy(true);
    try {
      const answer = await mailPosInvoice(bill.Id, email.trim());
      toast.success(answer.Msg);
      setEmail('');
    } catch {
      // The client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  const refund = async () => {
    const lines = Object.entries(quantities)
      .filter(([, quantity]) => quantity > 0)
      .map(([lineId, quantity]) => ({ LineId: Number(lineId), Quantity: quantity }));
    if (lines.length === 0) return;
    setBusy(true);
    try {
      const answer = await returnPosItems({ BillId: bill.Id, Lines: lines, Method: method });
      setReturning(false);
      setQuantities({});
      onBill(answer);
    } catch {
      // The client has told the user why.
    } finally {
      setBusy(false);
    }
  };
  const returnable = bill.Kind === 'sale' && bill.Lines.some((l) => l.Quantity > l.Returned);

  return (
    <>
      <Modal show onHide={onClose} centered scrollable aria-labelledby="pos-bill-title">
        <Modal.Header closeButton closeLabel={t('Close')}>
          <Modal.Title id="pos-bill-title">
            {bill.Kind === 'return' ? t('Refund') : t('Bill')} <span {...DATA_TEXT}>{bill.Number}</span>
          </Modal.Title>
        </Modal.Header>
        {/* A long bill scrolls inside the dialog: the keyboard can reach and scroll it (axe). */}
        <Modal.Body tabIndex={0}>
          {bill.Change > 0 && (
            <p className="alert alert-success fs-4 text-center" role="status" data-testid="pos-change">
              {t('Change')}: {formatMinor(bill.Change)}
            </p>
          )}
          <div className="border rounded p-2 mx-auto pos-receipt-preview">
            <Receipt bill={bill} />
          </div>
          <form
            className="d-flex gap-2 mt-3"
            onSubmit={(e) => {
              e.preventDefault();
              void mail();
            }}
          >
            <Form.Control
              type="email"
              aria-label={t('Email the invoice to')}
              placeholder={t('Email the invoice to')}
              value={email}
              onChange={(e) => setEmail(e.target.value)}
            />
            <Button type="submit" variant="outline-secondary" disabled={busy || !email.trim()}>
              {t('Send')}
            </Button>
          </form>
          {returning && (
            <section aria-labelledby="pos-return-title" className="mt-3">
              <h3 id="pos-return-title" className="h6">
                {t('Units to return')}
              </h3>
              {bill.Lines.map((line) => {
                const left = line.Quantity - line.Returned;
                return (
                  <Form.Group
                    key={line.Id}
                    className="d-flex align-items-center gap-2 mb-2"
                    controlId={`pos-return-${line.Id}`}
                  >
                    <Form.Label className="flex-grow-1 mb-0" {...DATA_TEXT}>
                      {line.Name} ({t('{{count}} can be returned', { count: left })})
                    </Form.Label>
                    <Form.Control
                      type="number"
                      inputMode="numeric"
                      min={0}
                      max={left}
                      disabled={left === 0}
                      className="pos-qty-input"
                      value={quantities[line.Id] ?? 0}
                      onChange={(e) =>
                        setQuantities((q) => ({
                          ...q,
                          [line.Id]: Math.max(0, Math.min(left, Math.trunc(Number(e.target.value) || 0))),
                        }))
                      }
                    />
                  </Form.Group>
                );
              })}
              <Form.Group controlId="pos-refund-method" className="mb-2">
                <Form.Label>{t('Refund by')}</Form.Label>
                <Form.Select value={method} onChange={(e) => setMethod(e.target.value as PosPaymentMethod)}>
                  {(Object.keys(PAYMENT_WORDS) as PosPaymentMethod[]).map((m) => (
                    <option key={m} value={m}>
                      {t(PAYMENT_WORDS[m])}
                    </option>
                  ))}
                </Form.Select>
              </Form.Group>
              <Button
                variant="danger"
                size="lg"
                className="w-100"
                disabled={busy}
                onClick={() => void refund()}
              >
                {t('Refund the units')}
              </Button>
            </section>
          )}
        </Modal.Body>
        <Modal.Footer className="flex-wrap gap-2">
          <Button variant="outline-primary" onClick={() => print('receipt')}>
            <i className="bi bi-printer me-1" aria-hidden="true" />
            {t('Print receipt')}
          </Button>
          <Button variant="outline-primary" onClick={() => print('invoice')}>
            <i className="bi bi-file-earmark-text me-1" aria-hidden="true" />
            {t('Print invoice')}
          </Button>
          <Button variant="outline-primary" disabled={busy} onClick={() => void download()}>
            <i className="bi bi-file-earmark-pdf me-1" aria-hidden="true" />
            {t('Invoice PDF')}
          </Button>
          {returnable && !returning && (
            <Button variant="outline-danger" onClick={() => setReturning(true)}>
              <i className="bi bi-arrow-return-left me-1" aria-hidden="true" />
              {t('Return items')}
            </Button>
          )}
          <Button variant="primary" onClick={onClose}>
            {t('New bill')}
          </Button>
        </Modal.Footer>
      </Modal>
      {/* What the browser prints while the bill is open: the receipt (80 mm) or the invoice (A4). */}
      {createPortal(
        <div className="pos-print-area" data-layout={layout} data-testid="pos-print-area">
          {layout === 'receipt' ? <Receipt bill={bill} /> : <Invoice bill={bill} />}
        </div>,
        document.body,
      )}
    </>
  );
}
