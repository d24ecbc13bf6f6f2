import type { PosBill } from '@panelwright/contract';
import {
  formatMinor,
  formatRate,
  formatShopTime,
  type PosSeller,
  posSellerOf,
} from '@panelwright/contract/pos-rules';
import { useTranslation } from 'react-i18next';
import { DATA_TEXT } from '../../i18n';
import { useAppStore } from '../../state/app-store';

/** The seller the settings name, for the bill's documents. */
function useSeller(): PosSeller {
  const config = useAppStore((s) => s.dataFirstSetting?.UIAppConfig);
  return posSellerOf(config ?? {});
}

/** The seller's logo, name, address and tax number, as much of them as the settings give. */
function SellerBlock({ seller, align }: { seller: PosSeller; align: 'center' | 'start' }) {
  const { t } = useTranslation(['pos', 'common']);
  const lines = seller.Address.split(/\r?\n/).filter((l) => l.trim() !== '');
  return (
    <div className={`pos-seller text-${align} mb-2`} data-testid="pos-seller">
      {seller.LogoUrl && <img className="pos-seller-logo mb-1" src={seller.LogoUrl} alt="" />}
      {seller.Name && (
        <div className="fw-bold" {...DATA_TEXT}>
          {seller.Name}
        </div>
      )}
      {lines.map((line) => (
        <div key={line} className="small" {...DATA_TEXT}>
          {line}
        </div>
      ))}
      {seller.TaxNumber && (
        <div className="small">
          {t('Tax number')}: <span {...DATA_TEXT}>{seller.TaxNumber}</span>
        </div>
      )}
    </div>
  );
}

/** The 80 mm till receipt: narrow, one column, what the customer keeps. */
export function Receipt({ bill }: { bill: PosBill }) {
  const { t } = useTranslation(['pos', 'common']);
  const seller = useSeller();
  return (
    <div className="pos-receipt">
      <SellerBlock seller={seller} align="center" />
      <p className="text-center fw-bold mb-1" {...DATA_TEXT}>
        {bill.LocationName}
      </p>
      <p className="text-center mb-1">
        {bill.Kind === 'return' ? t('Refund') : t('Receipt')} <span {...DATA_TEXT}>{bill.Number}</span>
      </p>
      <p className="text-center small mb-2" data-testid="pos-doc-time" {...DATA_TEXT}>
        {formatShopTime(bill.CreatedAt, seller.TimeZone)}
      </p>
      <table className="w-100 small">
        <tbody>
          {bill.Lines.map((line) => (
            <tr key={line.Id}>
              <td {...DATA_TEXT}>
                {line.Name}
                <br />
                {line.Quantity} × {formatMinor(line.UnitPrice)}
                {line.Discount !== 0 && ` −${formatMinor(Math.abs(line.Discount))}`}
              </td>
              <td className="text-end align-top">{formatMinor(line.Total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <hr className="my-1" />
      <DocumentTotals bill={bill} />
      <p className="text-center small mt-2 mb-0">{t('Thank you for shopping with us.')}</p>
    </div>
  );
}

function DocumentTotals({ bill }: { bill: PosBill }) {
  const { t } = useTranslation(['pos', 'common']);
  const rows: [string, number][] = [
    [t('Subtotal'), bill.Subtotal],
    [t('Discount'), -bill.Discount],
    [t('Tax'), bill.Tax],
  ];
  return (
    <table className="w-100 small pos-doc-totals">
      <tbody>
        {rows.map(([label, amount]) => (
          <tr key={label}>
            <th scope="row" className="fw-normal">
              {label}
            </th>
            <td className="text-end">{formatMinor(amount)}</td>
          </tr>
        ))}
        <tr className="fw-bold">
          <th scope="row">{t('Total')}</th>
          <td className="text-end" data-testid="pos-doc-total">
            {formatMinor(bill.Total)}
          </td>
        </tr>
        {bill.Payments.map((p, i) => (
          // biome-ignore lint/suspicious/noArrayIndexKey: payments have no id of their own and never move
          <tr key={i}>
            <th scope="row" className="fw-normal">
              {t(PAYMENT_WORDS[p.Method])}
            </th>
            <td className="text-end">{formatMinor(p.Tendered)}</td>
          </tr>
        ))}
        {bill.Change > 0 && (
          <tr>
            <th scope="row" className="fw-normal">
              {t('Change')}
            </th>
            <td className="text-end">{formatMinor(bill.Change)}</td>
          </tr>
        )}
      </tbody>
    </table>
  );
}

export const PAYMENT_WORDS = { cash: 'Cash', card: 'Card', transfer: 'Transfer' } as const;

/** The A4 invoice: the shop, the customer, a line table with tax rates, and the totals. */
export function Invoice({ bill }: { bill: PosBill }) {
  const { t } = useTranslation(['pos', 'common']);
  const seller = useSeller();
  return (
    <div className="pos-invoice">
      <div className="d-flex justify-content-between align-items-start mb-4">
        <div>
          <SellerBlock seller={seller} align="start" />
          <h2 className="h3 mb-1">{bill.Kind === 'return' ? t('Credit note') : t('Invoice')}</h2>
          <div {...DATA_TEXT}>{bill.LocationName}</div>
        </div>
        <div className="text-end">
          <div className="fw-bold" {...DATA_TEXT}>
            {bill.Number}
          </div>
          <div data-testid="pos-doc-time" {...DATA_TEXT}>
            {formatShopTime(bill.CreatedAt, seller.TimeZone)}
          </div>
          {bill.Customer && (
            <div>
              {t('Customer')}: <span {...DATA_TEXT}>{bill.Customer}</span>
            </div>
          )}
        </div>
      </div>
      <table className="table table-sm">
        <thead>
          <tr>
            <th scope="col">{t('SKU')}</th>
            <th scope="col">{t('Item')}</th>
            <th scope="col" className="text-end">
              {t('Quantity')}
            </th>
            <th scope="col" className="text-end">
              {t('Price')}
            </th>
            <th scope="col" className="text-end">
              {t('Tax')}
            </th>
            <th scope="col" className="text-end">
              {t('Amount')}
            </th>
          </tr>
        </thead>
        <tbody>
          {bill.Lines.map((line) => (
            <tr key={line.Id}>
              <td {...DATA_TEXT}>{line.Sku}</td>
              <td {...DATA_TEXT}>{line.Name}</td>
              <td className="text-end">{line.Quantity}</td>
              <td className="text-end">{formatMinor(line.UnitPrice)}</td>
              <td className="text-end">{formatRate(line.TaxRate)}</td>
              <td className="text-end">{formatMinor(line.Total)}</td>
            </tr>
          ))}
        </tbody>
      </table>
      <div className="ms-auto" style={{ maxWidth: '20rem' }}>
        <DocumentTotals bill={bill} />
      </div>
    </div>
  );
}
