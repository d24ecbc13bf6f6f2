import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { dirname, join } from 'node:path';
import type { PosBill, PosSeller } from '@panelwright/contract';
import { describe, expect, it } from 'vitest';
import { invoicePdf } from './invoice-pdf';
import { logoImageOf } from './seller-logo';

/** The text a PDF reader finds on the invoice's first page. */
async function textOf(pdfBytes: Uint8Array): Promise<string> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const fonts = join(
    dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json')),
    'standard_fonts/',
  );
  const pdf = await getDocument({ data: pdfBytes, isEvalSupported: false, standardFontDataUrl: fonts })
    .promise;
  const content = await (await pdf.getPage(1)).getTextContent();
  return content.items.map((item) => ('str' in item ? item.str : '')).join(' ');
}

/** How many images the invoice's first page draws. */
async function imagesOf(pdfBytes: Uint8Array): Promise<number> {
  const { getDocument, OPS } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const pdf = await getDocument({ data: pdfBytes, isEvalSupported: false }).promise;
  const operators = await (await pdf.getPage(1)).getOperatorList();
  return operators.fnArray.filter((op) => op === OPS.paintImageXObject).length;
}

/** The web app's default logo (`/config/logo.png`), a 64 px PNG. */
const LOGO_FILE = join(import.meta.dirname, '../../../../web/public/config/logo.png');

const bill: PosBill = {
  Id: 1,
  Number: 'B000042',
  Kind: 'sale',
  OriginalBillId: null,
  CreatedAt: '2026-11-23T10:15:00.000Z',
  LocationId: 1,
  LocationName: 'Cửa hàng Đồng Khởi',
  Customer: 'Trần Thị Bích',
  Cashier: 'Nguyễn Văn Đức',
  Subtotal: 24000,
  Discount: 0,
  Tax: 2400,
  Total: 26400,
  Paid: 26400,
  Change: 0,
  Lines: [
    {
      Id: 1,
      ProductId: 7,
      Name: 'Cà phê sữa đá',
      Sku: 'CF-01',
      Quantity: 2,
      UnitPrice: 12000,
      Discount: 0,
      TaxRate: 1000,
      Tax: 2400,
      Total: 26400,
      Returned: 0,
    },
  ],
  Payments: [{ Method: 'transfer', Amount: 26400, Tendered: 26400 }],
};

const seller: PosSeller = {
  Name: 'Công ty TNHH Panelwright',
  Address: '12 Đồng Khởi\nQuận 1, TP. Hồ Chí Minh',
  TaxNumber: '0312345678',
  LogoUrl: '',
  TimeZone: 'Asia/Ho_Chi_Minh',
};

describe('the invoice PDF', () => {
  it("names the seller from the settings and dates the bill in the shop's time zone", async () => {
    const text = (await textOf(await invoicePdf(bill, 'en', seller))).normalize('NFC');
    for (const words of [
      'Công ty TNHH Panelwright',
      '12 Đồng Khởi',
      'Quận 1, TP. Hồ Chí Minh',
      'Tax number: 0312345678',
      // 10:15 UTC is 17:15 in Hanoi.
      'Date: 2026-11-23 17:15',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('UTC');
  });

  it("prints the seller's logo from the settings above the seller", async () => {
    const logo = logoImageOf(await readFile(LOGO_FILE));
    expect(logo?.format).toBe('png');
    expect(await imagesOf(await invoicePdf(bill, 'en', seller, logo))).toBe(1);
    expect(await imagesOf(await invoicePdf(bill, 'en', seller))).toBe(0);
  });

  it('leaves off a logo whose bytes are not the image they claim to be, instead of failing', async () => {
    const broken = {
      format: 'png' as const,
      bytes: new Uint8Array([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, 1]),
    };
    const pdf = await invoicePdf(bill, 'en', seller, broken);
    expect(await imagesOf(pdf.slice())).toBe(0);
    expect(await textOf(pdf)).toContain('Tax number: 0312345678');
  });

  it('prints Vietnamese names with their marks', async () => {
    const text = await textOf(await invoicePdf(bill));
    for (const name of ['Cửa hàng Đồng Khởi', 'Trần Thị Bích', 'Nguyễn Văn Đức', 'Cà phê sữa đá']) {
      expect(text.normalize('NFC')).toContain(name);
    }
    expect(text).toContain('INVOICE');
  });

  it('is worded in the language asked for', async () => {
    const text = (await textOf(await invoicePdf(bill, 'vn', { ...seller, TimeZone: 'UTC' }))).normalize(
      'NFC',
    );
    for (const words of [
      'HÓA ĐƠN',
      'Ngày: 2026-11-23 10:15',
      'Mã số thuế: 0312345678',
      'Cửa hàng: Cửa hàng Đồng Khởi',
      'Khách hàng: Trần Thị Bích',
      'Thu ngân: Nguyễn Văn Đức',
      'Thành tiền',
      'Tổng cộng',
      'Thanh toán bằng chuyển khoản',
      'Cảm ơn quý khách đã mua hàng.',
    ]) {
      expect(text).toContain(words);
    }
    expect(text).not.toContain('INVOICE');
  });

  it('replaces what the font cannot draw instead of failing', async () => {
    const text = await textOf(await invoicePdf({ ...bill, Customer: 'Ann 中 \u0007 Lee' }));
    expect(text).toContain('Ann ? ? Lee');
  });
});
