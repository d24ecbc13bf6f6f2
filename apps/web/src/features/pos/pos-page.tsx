import type { PosBill, PosPaymentMethod, PosProduct } from '@panelwright/contract';
import { formatMinor, formatRate } from '@panelwright/contract/pos-rules';
import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { toast } from 'react-toastify';
import {
  fetchPosBill,
  fetchPosLocations,
  findPosProduct,
  searchPosProducts,
  sellPosBill,
} from '../../api/pos';
import { WedgeDetector } from '../../engine/pos/keyboard-wedge';
import {
  addPayment,
  addProduct,
  type Cart,
  EMPTY_CART,
  type HeldCart,
  hold,
  parseAmount,
  parsePercent,
  quote,
  readHeld,
  readOpenBill,
  removePayment,
  resume,
  sellRequest,
  setBillDiscount,
  setLineDiscount,
  setQuantity,
  storedOpenBill,
} from '../../engine/pos/till';
import { STORAGE_KEYS } from '../../engine/storage-keys';
import { DATA_TEXT } from '../../i18n';
import { BillDialog } from './bill-dialog';
import { PAYMENT_WORDS } from './bill-documents';
import { CameraScanner } from './camera-scanner';
import { TransferQr } from './transfer-qr';
import './pos.scss';

const METHODS: PosPaymentMethod[] = ['cash', 'card', 'transfer'];
/** A bill's number, as its receipt prints it (a receipt scanned at the till opens its bill). */
const BILL_NUMBER = /^[BR]\d{6}$/i;

/** The bill discount's field as the cart's discount reads. */
const discountText = (cart: Cart): string =>
  cart.discount
    ? cart.discount.Type === 'percent'
      ? String(cart.discount.Value / 100)
      : formatMinor(cart.discount.Value)
    : '';

/** What the till says about the last code it was given, beside the search (never over the bill). */
type Notice = { kind: 'added' | 'unknown'; text: string };

/**
 * /pos: the till. Search or scan products (keyboard-wedge scanner anywhere on the page, or the
 * camera), quantities and discounts, payments in several methods, hold and resume, then the bill with
 * its receipt, invoice and returns. Works by touch at 390 px and on a 1024 px tablet.
 */
export function PosPage() {
  const { t } = useTranslation(['pos', 'common']);
  const queryClient = useQueryClient();
  const [params, setParams] = useSearchParams();
  const locations = useQuery({ queryKey: ['pos', 'locations'], queryFn: fetchPosLocations });
  // The bill in progress before a reload, at the location it was rung up at.
  const [reopened] = useState(() => readOpenBill(localStorage.getItem(STORAGE_KEYS.posOpenBill)));
  const [locationId, setLocationId] = useState<number>(
    () => reopened?.locationId ?? (Number(localStorage.getItem(STORAGE_KEYS.posLocation)) || 0),
  );
  const location = locations.data?.find((l) => l.Id === locationId) ?? locations.data?.[0];
  const here = location?.Id ?? 0;
  const [search, setSearch] = useState('');
  const [cart, setCart] = useState<Cart>(() => reopened?.cart ?? EMPTY_CART);
  const [held, setHeld] = useState<HeldCart[]>(() =>
    readHeld(localStorage.getItem(STORAGE_KEYS.posHeldBills)),
  );
  const [method, setMethod] = useState<PosPaymentMethod>('cash');
  const [amountText, setAmountText] = useState('');
  const [billDiscountText, setBillDiscountText] = useState(() =>
    reopened ? discountText(reopened.cart) : '',
  );
  const [billDiscountType, setBillDiscountType] = useState<'percent' | 'amount'>(
    () => reopened?.cart.discount?.Type ?? 'percent',
  );
  const [notice, setNotice] = useState<Notice | null>(null);
  // Below 992 px the products are a sheet over the bill, opened from the checkout bar.
  const [productSheet, setProductSheet] = useState(false);
  const [camera, setCamera] = useState(false);
  const [bill, setBill] = useState<PosBill | null>(null);
  const [busy, setBusy] = useState(false);
  const [billNumber, setBillNumber] = useState('');
  const searchBox = useRef<HTMLInputElement>(null);

  const products = useQuery({
    queryKey: ['pos', 'products', here, search.trim()],
    queryFn: () => searchPosProducts(here, search.trim()),
    enabled: here > 0,
    placeholderData: (previous) => previous,
  });
  const figures = useMemo(() => quote(cart), [cart]);
  const total = figures.totals?.total ?? 0;

  useEffect(() => {
    localStorage.setItem(STORAGE_KEYS.posHeldBills, JSON.stringify(held));
  }, [held]);

  // A sheet left open on a narrow window closes when the window widens: the products are inline then.
  useEffect(() => {
    const wide = window.matchMedia('(min-width: 992px)');
    const onChange = () => {
      if (wide.matches) setProductSheet(false);
    };
    wide.addEventListener('change', onChange);
    return () => wide.removeEventListener('change', onChange);
  }, []);

  // The bill in progress survives a reload until it is completed or cleared.
  useEffect(() => {
    if (here === 0 && cart.lines.length > 0) return;
    const stored = storedOpenBill(here, cart);
    if (stored === null) localStorage.removeItem(STORAGE_KEYS.posOpenBill);
    else localStorage.setItem(STORAGE_KEYS.posOpenBill, stored);
  }, [here, cart]);

  /** A new bill: empty, paid in cash until the cashier says otherwise. */
  const startNewBill = (next: Cart = EMPTY_CART) => {
    setCart(next);
    setBillDiscountText(discountText(next));
    if (next.discount) setBillDiscountType(next.discount.Type);
    setMethod('cash');
    setAmountText('');
  };

  const openBill = useCallback(async (number: string) => {
    try {
      setBill(await fetchPosBill(number));
    } catch {
      // The client has told the user why.
    }
  }, []);

  // A bill's address (/pos?bill=B000123, from the bills table) opens that bill.
  const wanted = params.get('bill');
  useEffect(() => {
    if (!wanted) return;
    setParams({}, { replace: true });
    void openBill(wanted);
  }, [wanted, openBill, setParams]);

  /**
   * Adds the product whose exact SKU or barcode is the first of `codes` that names one (or opens the
   * bill a receipt's number names); answers the code used, or null. `quiet`: a code typed by hand
   * that names nothing only filters the tiles, without a message.
   */
  const addByCode = useCallback(
    async (codes: string[], quiet = false): Promise<string | null> => {
      const tried = [...new Set(codes.map((c) => c.trim()).filter(Boolean))];
      if (tried.length === 0 || here === 0) return null;
      for (const code of tried) {
        if (BILL_NUMBER.test(code)) {
          await openBill(code);
          return code;
        }
        const product = await findPosProduct(here, code).catch(() => null);
        if (product) {
          setCart((c) => addProduct(c, product));
          setNotice({ kind: 'added', text: t('Added {{name}}', { name: product.Name }) });
          return code;
        }
      }
      if (!quiet)
        setNotice({ kind: 'unknown', text: t('No product has the code {{code}}.', { code: tried[0] }) });
      return null;
    },
    [here, openBill, t],
  );

  // Codes reach the till two ways. Enter in the search box takes what the box holds as a code, at
  // any typing speed and when pasted (the whole box first, so a scan into it is never split). A
  // keyboard-wedge scanner's fast burst ending in Enter is a code wherever else the focus is.
  useEffect(() => {
    const detector = new WedgeDetector();
    const onKey = (event: KeyboardEvent) => {
      const code = detector.key(event.key, event.timeStamp);
      const target = event.target;
      const box = searchBox.current;
      if (event.key === 'Enter' && box !== null && target === box) {
        event.preventDefault();
        const typed = box.value.trim();
        void addByCode([typed, code ?? ''], code === null).then((used) => {
          if (used === null) return;
          // What came before a scan into the box stays typed; the code goes.
          setSearch(typed.endsWith(used) ? typed.slice(0, -used.length).trim() : '');
        });
        return;
      }
      if (code === null) return;
      event.preventDefault();
      event.stopPropagation();
      // The burst went into the field that had the focus: take it out again.
      if (target instanceof HTMLInputElement && target.value.endsWith(code)) {
        target.value = target.value.slice(0, -code.length);
      }
      void addByCode([code]);
    };
    window.addEventListener('keydown', onKey, true);
    return () => window.removeEventListener('keydown', onKey, true);
  }, [addByCode]);

  const chooseLocation = (id: number) => {
    setLocationId(id);
    localStorage.setItem(STORAGE_KEYS.posLocation, String(id));
    startNewBill();
  };

  const applyBillDiscount = (text: string, type: 'percent' | 'amount') => {
    setBillDiscountText(text);
    setBillDiscountType(type);
    const value = type === 'percent' ? parsePercent(text) : parseAmount(text);
    setCart((c) => setBillDiscount(c, value ? { Type: type, Value: value } : null));
  };

  const takePayment = () => {
    const amount = amountText.trim() === '' ? figures.due : parseAmount(amountText);
    if (!amount || amount <= 0) {
      toast.error(t('Type an amount to pay.'));
      return;
    }
    setCart((c) => addPayment(c, { Method: method, Amount: amount }));
    setAmountText('');
  };

  const complete = async () => {
    if (busy || here === 0) return;
    setBusy(true);
    try {
      const answer = await sellPosBill(sellRequest(cart, here));
      startNewBill();
      setBill(answer);
      void queryClient.invalidateQueries({ queryKey: ['pos', 'products'] });
    } catch {
      // The client has told the user why (out of stock, payments short...).
    } finally {
      setBusy(false);
    }
  };

  const putAside = () => {
    setHeld((h) => hold(h, cart, new Date()));
    startNewBill();
  };
  const takeBack = (index: number) => {
    const back = resume(held, index);
    if (!back) return;
    // The bill on the till now goes aside in its place.
    setHeld(hold(back.held, cart, new Date()));
    startNewBill(back.cart);
  };

  const canPay =
    cart.lines.length > 0 && figures.totals !== null && figures.due === 0 && figures.short.length === 0;
  const transferDue = method === 'transfer' ? (parseAmount(amountText) ?? figures.due) : 0;

  return (
    <div className="pos-till container-fluid py-2">
      <div className="d-flex flex-wrap align-items-center gap-2 mb-2">
        <h1 className="h4 mb-0 me-auto">{t('Point of sale')}</h1>
        <Form.Group controlId="pos-location" className="pos-location">
          <Form.Label className="visually-hidden">{t('Location')}</Form.Label>
          <Form.Select value={here} onChange={(e) => chooseLocation(Number(e.target.value))}>
            {(locations.data ?? []).map((l) => (
              <option key={l.Id} value={l.Id} {...DATA_TEXT}>
                {l.Name}
              </option>
            ))}
          </Form.Select>
        </Form.Group>
      </div>
      <div className="row g-3">
        <section className="col-12 col-lg-7 pos-products-column" aria-labelledby="pos-products-title">
          <Offcanvas
            responsive="lg"
            placement="bottom"
            show={productSheet}
            onHide={() => setProductSheet(false)}
            className="pos-product-sheet"
            aria-labelledby="pos-products-title"
          >
            <Offcanvas.Header closeButton closeLabel={t('Close')}>
              <Offcanvas.Title as="h2" id="pos-products-title" className="h5">
                {t('Products')}
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body>
              <div className="w-100">
                <div className="d-flex flex-wrap gap-2 mb-2">
                  <Form.Group controlId="pos-search" className="flex-grow-1">
                    <Form.Label className="visually-hidden">{t('Search products')}</Form.Label>
                    <Form.Control
                      ref={searchBox}
                      size="lg"
                      type="search"
                      autoComplete="off"
                      placeholder={t('Search by name, SKU or barcode')}
                      aria-describedby="pos-scan-notice"
                      value={search}
                      onChange={(e) => setSearch(e.target.value)}
                    />
                  </Form.Group>
                  <Button size="lg" variant="outline-primary" onClick={() => setCamera(true)}>
                    <i className="bi bi-upc-scan me-1" aria-hidden="true" />
                    {t('Camera')}
                  </Button>
                </div>
                <p
                  id="pos-scan-notice"
                  className={`pos-notice small mb-2 ${notice?.kind === 'unknown' ? 'text-danger' : 'text-body-secondary'}`}
                  role="status"
                  data-testid="pos-notice"
                >
                  {notice?.text ?? t('Type or scan a SKU or barcode and press Enter to add it.')}
                </p>
                <ul className="pos-products list-unstyled" aria-label={t('Products found')}>
                  {(products.data ?? []).map((p: PosProduct) => (
                    <li key={p.Id}>
                      <button
                        type="button"
                        className="btn border w-100 h-100 text-start pos-product"
                        disabled={p.Stock <= 0}
                        onClick={() => setCart((c) => addProduct(c, p))}
                      >
                        <span className="d-block fw-semibold" {...DATA_TEXT}>
                          {p.Name}
                        </span>
                        <span className="d-block small text-body-secondary" {...DATA_TEXT}>
                          {p.Sku}
                        </span>
                        <span className="d-flex justify-content-between">
                          <span>{formatMinor(p.Price)}</span>
                          <span className="small" data-testid={`pos-stock-${p.Sku}`}>
                            {t('{{count}} in stock', { count: p.Stock })}
                          </span>
                        </span>
                      </button>
                    </li>
                  ))}
                </ul>
                {products.data?.length === 0 && (
                  <p className="text-body-secondary">{t('No products found.')}</p>
                )}
                <div className="row g-2 mt-2">
                  <div className="col-12 col-md-6">
                    <h2 className="h6">{t('Bills on hold')}</h2>
                    {held.length === 0 ? (
                      <p className="small text-body-secondary mb-0">{t('No bill is on hold.')}</p>
                    ) : (
                      <ul className="list-unstyled d-flex flex-wrap gap-2 mb-0">
                        {held.map((h, i) => (
                          <li key={h.at}>
                            <Button variant="outline-secondary" onClick={() => takeBack(i)}>
                              {t('Resume {{label}}', { label: h.label })}
                            </Button>
                          </li>
                        ))}
                      </ul>
                    )}
                  </div>
                  <form
                    className="col-12 col-md-6"
                    onSubmit={(e) => {
                      e.preventDefault();
                      if (billNumber.trim()) void openBill(billNumber.trim());
                    }}
                  >
                    <Form.Group controlId="pos-find-bill">
                      <Form.Label className="h6">{t('Find a bill (returns)')}</Form.Label>
                      <div className="d-flex gap-2">
                        <Form.Control
                          placeholder={t('Bill number, e.g. B000123')}
                          value={billNumber}
                          onChange={(e) => setBillNumber(e.target.value)}
                        />
                        <Button type="submit" variant="outline-secondary">
                          {t('Open')}
                        </Button>
                      </div>
                    </Form.Group>
                  </form>
                </div>
              </div>
            </Offcanvas.Body>
          </Offcanvas>
        </section>
        <section className="col-12 col-lg-5 pos-bill-column" aria-labelledby="pos-bill-heading">
          <div className="card pos-cart">
            <div className="card-body">
              <h2 id="pos-bill-heading" className="h5">
                {t('Bill')}
              </h2>
              {cart.lines.length === 0 ? (
                <p className="text-body-secondary">{t('Scan or pick products to start a bill.')}</p>
              ) : (
                <ul className="list-unstyled mb-2" aria-label={t('Lines')}>
                  {cart.lines.map((line, index) => {
                    const priced = figures.totals?.lines[index];
                    const short = line.quantity > line.stock;
                    return (
                      <li key={line.productId} className="border-bottom py-2 pos-line" data-testid="pos-line">
                        <div className="d-flex justify-content-between gap-2">
                          <span className="fw-semibold" {...DATA_TEXT}>
                            {line.name}
                          </span>
                          <span>{priced ? formatMinor(priced.total) : ''}</span>
                        </div>
                        <div className="small text-body-secondary">
                          {formatMinor(line.unitPrice)} · {t('tax')} {formatRate(line.taxRate)}
                          {short && (
                            <span className="text-danger ms-2" role="alert">
                              {t('Only {{count}} in stock', { count: line.stock })}
                            </span>
                          )}
                        </div>
                        <div className="d-flex flex-wrap align-items-center gap-2 mt-1">
                          <Button
                            variant="outline-secondary"
                            className="pos-step"
                            aria-label={t('One fewer {{name}}', { name: line.name })}
                            onClick={() => setCart((c) => setQuantity(c, line.productId, line.quantity - 1))}
                          >
                            −
                          </Button>
                          <Form.Control
                            type="number"
                            inputMode="numeric"
                            min={0}
                            className="pos-qty-input"
                            aria-label={t('Quantity of {{name}}', { name: line.name })}
                            value={line.quantity}
                            onChange={(e) =>
                              setCart((c) =>
                                setQuantity(c, line.productId, Math.trunc(Number(e.target.value) || 0)),
                              )
                            }
                          />
                          <Button
                            variant="outline-secondary"
                            className="pos-step"
                            aria-label={t('One more {{name}}', { name: line.name })}
                            onClick={() => setCart((c) => setQuantity(c, line.productId, line.quantity + 1))}
                          >
                            +
                          </Button>
                          <Form.Control
                            type="number"
                            inputMode="decimal"
                            min={0}
                            max={100}
                            step="0.01"
                            className="pos-discount-input"
                            placeholder="%"
                            aria-label={t('Discount % on {{name}}', { name: line.name })}
                            value={line.discountBp ? line.discountBp / 100 : ''}
                            onChange={(e) =>
                              setCart((c) =>
                                setLineDiscount(c, line.productId, parsePercent(e.target.value) ?? 0),
                              )
                            }
                          />
                          <Button
                            variant="outline-danger"
                            className="pos-step ms-auto"
                            aria-label={t('Remove {{name}}', { name: line.name })}
                            onClick={() => setCart((c) => setQuantity(c, line.productId, 0))}
                          >
                            <i className="bi bi-trash" aria-hidden="true" />
                          </Button>
                        </div>
                      </li>
                    );
                  })}
                </ul>
              )}
              <div className="row g-2 mb-2">
                <Form.Group className="col-12 col-sm-6" controlId="pos-customer">
                  <Form.Label className="small mb-0">{t('Customer')}</Form.Label>
                  <Form.Control
                    value={cart.customer}
                    maxLength={200}
                    onChange={(e) => setCart((c) => ({ ...c, customer: e.target.value }))}
                  />
                </Form.Group>
                <div className="col-12 col-sm-6">
                  <Form.Label htmlFor="pos-bill-discount" className="small mb-0">
                    {t('Bill discount')}
                  </Form.Label>
                  <div className="d-flex gap-1">
                    <Form.Control
                      id="pos-bill-discount"
                      inputMode="decimal"
                      value={billDiscountText}
                      onChange={(e) => applyBillDiscount(e.target.value, billDiscountType)}
                    />
                    <Form.Select
                      aria-label={t('Discount kind')}
                      className="pos-discount-kind"
                      value={billDiscountType}
                      onChange={(e) =>
                        applyBillDiscount(billDiscountText, e.target.value as 'percent' | 'amount')
                      }
                    >
                      <option value="percent">%</option>
                      <option value="amount">{t('amount')}</option>
                    </Form.Select>
                  </div>
                </div>
              </div>
              <dl className="pos-totals mb-2">
                <dt>{t('Subtotal')}</dt>
                <dd>{formatMinor(figures.totals?.subtotal ?? 0)}</dd>
                <dt>{t('Discount')}</dt>
                <dd>{formatMinor(-(figures.totals?.discount ?? 0))}</dd>
                <dt>{t('Tax')}</dt>
                <dd>{formatMinor(figures.totals?.tax ?? 0)}</dd>
              </dl>
              {figures.error && (
                <p className="text-danger" role="alert">
                  {t(figures.error)}
                </p>
              )}

              <fieldset className="mb-2">
                <legend className="h6">{t('Payment')}</legend>
                <div className="btn-group w-100 mb-2">
                  {METHODS.map((m) => (
                    <Button
                      key={m}
                      size="lg"
                      variant={method === m ? 'primary' : 'outline-primary'}
                      aria-pressed={method === m}
                      onClick={() => setMethod(m)}
                    >
                      {t(PAYMENT_WORDS[m])}
                    </Button>
                  ))}
                </div>
                <div className="d-flex gap-2">
                  <Form.Control
                    size="lg"
                    inputMode="decimal"
                    aria-label={t('Amount paid')}
                    placeholder={formatMinor(figures.due)}
                    value={amountText}
                    onChange={(e) => setAmountText(e.target.value)}
                    onKeyDown={(e) => {
                      if (e.key === 'Enter') takePayment();
                    }}
                  />
                  <Button
                    size="lg"
                    variant="outline-success"
                    disabled={cart.lines.length === 0}
                    onClick={takePayment}
                  >
                    {t('Add payment')}
                  </Button>
                </div>
                {method === 'transfer' && transferDue > 0 && <TransferQr amount={transferDue} />}
                {cart.payments.length > 0 && (
                  <ul className="list-unstyled mt-2 mb-0" aria-label={t('Payments')}>
                    {cart.payments.map((p, i) => (
                      // biome-ignore lint/suspicious/noArrayIndexKey: payments are removed by position
                      <li key={i} className="d-flex justify-content-between align-items-center">
                        <span>
                          {t(PAYMENT_WORDS[p.Method])} {formatMinor(p.Amount)}
                        </span>
                        <Button
                          variant="link"
                          className="text-danger"
                          aria-label={t('Remove the payment of {{amount}}', {
                            amount: formatMinor(p.Amount),
                          })}
                          onClick={() => setCart((c) => removePayment(c, i))}
                        >
                          <i className="bi bi-x-circle" aria-hidden="true" />
                        </Button>
                      </li>
                    ))}
                  </ul>
                )}
                <dl className="pos-totals mt-2 mb-0">
                  <dt>{t('Due')}</dt>
                  <dd data-testid="pos-due">{formatMinor(figures.due)}</dd>
                  <dt>{t('Change')}</dt>
                  <dd data-testid="pos-change-due">{formatMinor(figures.change)}</dd>
                </dl>
              </fieldset>
              <div className="d-flex flex-wrap gap-2">
                <Button variant="outline-secondary" disabled={cart.lines.length === 0} onClick={putAside}>
                  {t('Hold')}
                </Button>
                <Button
                  variant="outline-danger"
                  disabled={cart.lines.length === 0 && cart.payments.length === 0}
                  onClick={() => startNewBill()}
                >
                  {t('Clear')}
                </Button>
              </div>
            </div>
            {/* Always in sight: at the foot of the screen while the bill is longer than it. */}
            <div className="pos-checkout-bar" data-testid="pos-checkout-bar">
              <Button
                variant="outline-primary"
                className="d-lg-none pos-open-products"
                onClick={() => setProductSheet(true)}
              >
                <i className="bi bi-grid-3x3-gap me-1" aria-hidden="true" />
                {t('Products')}
              </Button>
              <div className="pos-bar-total">
                <span className="small text-body-secondary">{t('Total')}</span>
                <span className="fs-4 fw-bold" data-testid="pos-total">
                  {formatMinor(total)}
                </span>
              </div>
              <Button size="lg" variant="success" disabled={!canPay || busy} onClick={() => void complete()}>
                {t('Complete sale')}
              </Button>
            </div>
          </div>
        </section>
      </div>
      <CameraScanner
        show={camera}
        onClose={() => setCamera(false)}
        onCode={(code) => {
          setCamera(false);
          void addByCode([code]);
        }}
      />
      {bill && <BillDialog bill={bill} onClose={() => setBill(null)} onBill={setBill} />}
    </div>
  );
}
