import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { formatMinor, formatRate, formatShopTime, type PosBill, type PosSeller } from '@panelwright/contract';
import fontkit from '@pdf-lib/fontkit';
import { PDFDocument, type PDFFont, type PDFImage, rgb } from 'pdf-lib';
import { type MessageLanguage, translateMessage } from '../../i18n';
import type { LogoImage } from './seller-logo';

const NO_SELLER: PosSeller = { Name: '', Address: '', TaxNumber: '', LogoUrl: '', TimeZone: '' };

/** A4 in points. */
const PAGE = { width: 595.28, height: 841.89, margin: 48 };
/** The logo's box at the top of the invoice, in points (kept to its proportions). */
const LOGO_BOX = { width: 160, height: 48 };

/** The logo embedded in the document, or null when its bytes are not the image they claim to be. */
async function embedLogo(doc: PDFDocument, logo: LogoImage | null): Promise<PDFImage | null> {
  if (!logo) return null;
  try {
    return logo.format === 'png' ? await doc.embedPng(logo.bytes) : await doc.embedJpg(logo.bytes);
  } catch {
    return null;
  }
}

/**
 * DejaVu Sans, embedded (only the glyphs an invoice uses): the standard PDF fonts hold Latin-1 only,
 * which printed a Vietnamese shop's names without their marks ("Đồng" as "Dong"). Read once.
 */
const requireFromHere = createRequire(import.meta.url);
let fontFiles: Promise<[Uint8Array, Uint8Array]> | undefined;
function invoiceFonts(): Promise<[Uint8Array, Uint8Array]> {
  fontFiles ??= Promise.all([
    readFile(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans.ttf')),
    readFile(requireFromHere.resolve('dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf')),
  ]);
  return fontFiles;
}

/**
 * Text as the font can draw it: composed (NFC, as the font's Vietnamese letters are), and any
 * character the font lacks replaced, so that no name can make the invoice fail.
 */
export function pdfText(text: string, font: Pick<PDFFont, 'getCharacterSet'>): string {
  const drawable = characterSets.get(font) ?? new Set(font.getCharacterSet());
  characterSets.set(font, drawable);
  let out = '';
  for (const char of text.normalize('NFC')) {
    const code = char.codePointAt(0) ?? 0;
    out += code >= 0x20 && drawable.has(code) ? char : '?';
  }
  return out;
}
const characterSets = new WeakMap<object, Set<number>>();

/**
 * The invoice of a bill: an A4 page (more when the lines need them) with the seller's logo, lines,
 * taxes and payments, its labels in `language` (the server's catalogue: locales/vn.json).
 */
export async function invoicePdf(
  bill: PosBill,
  language: MessageLanguage = 'en',
  seller: PosSeller = NO_SELLER,
  logo: LogoImage | null = null,
): Promise<Uint8Array> {
  const say = (text: string) => translateMessage(text, language);
  const doc = await PDFDocument.create();
  doc.setTitle(`Invoice ${bill.Number}`);
  doc.setCreator('Panelwright');
  doc.registerFontkit(fontkit);
  const [regularFile, boldFile] = await invoiceFonts();
  const regular = await doc.embedFont(regularFile, { subset: true });
  const bold = await doc.embedFont(boldFile, { subset: true });
  let page = doc.addPage([PAGE.width, PAGE.height]);
  let y = PAGE.height - PAGE.margin;
  const write = (text: string, x: number, size = 10, font: PDFFont = regular, alignRight = false) => {
    const clean = pdfText(text, font);
    const at = alignRight ? x - font.widthOfTextAtSize(clean, size) : x;
    page.drawText(clean, { x: at, y, size, font, color: rgb(0.1, 0.1, 0.1) });
  };
  const newLine = (step = 16) => {
    y -= step;
    if (y < PAGE.margin + 40) {
      page = doc.addPage([PAGE.width, PAGE.height]);
      y = PAGE.height - PAGE.margin;
    }
  };
  const right = PAGE.width - PAGE.margin;
  const image = await embedLogo(doc, logo);
  if (image) {
    const size = image.scaleToFit(LOGO_BOX.width, LOGO_BOX.height);
    page.drawImage(image, { x: PAGE.margin, y: y - size.height, ...size });
    y -= size.height + 28;
  }
  write(say(bill.Kind === 'return' ? 'CREDIT NOTE' : 'INVOICE'), PAGE.margin, 20, bold);
  write(bill.Number, right, 14, bold, true);
  newLine(28);
  // The seller, as the settings name them (the logo above: see seller-logo.ts for where it is read).
  if (seller.Name) {
    write(seller.Name, PAGE.margin, 11, bold);
    newLine(14);
  }
  for (const addressLine of seller.Address.split(/\r?\n/).filter((l) => l.trim() !== '')) {
    write(addressLine.trim(), PAGE.margin, 9);
    newLine(12);
  }
  if (seller.TaxNumber) {
    write(say(`Tax number: ${seller.TaxNumber}`), PAGE.margin, 9);
    newLine(12);
  }
  if (seller.Name || seller.Address || seller.TaxNumber) newLine(10);
  // In the shop's time zone, as the cashier and the customer read the time.
  write(say(`Date: ${formatShopTime(bill.CreatedAt, seller.TimeZone)}`), PAGE.margin);
  write(say(`Shop: ${bill.LocationName}`), right, 10, regular, true);
  newLine();
  if (bill.Customer) write(say(`Customer: ${bill.Customer}`), PAGE.margin);
  if (bill.Cashier) write(say(`Cashier: ${bill.Cashier}`), right, 10, regular, true);
  newLine(28);
  const cols = { sku: PAGE.margin, name: PAGE.margin + 80, qty: 330, price: 390, tax: 440, total: right };
  write(say('SKU'), cols.sku, 10, bold);
  write(say('Item'), cols.name, 10, bold);
  write(say('Qty'), cols.qty, 10, bold, true);
  write(say('Price'), cols.price, 10, bold, true);
  write(say('Tax'), cols.tax, 10, bold, true);
  write(say('Amount'), cols.total, 10, bold, true);
  newLine(6);
  page.drawLine({ start: { x: PAGE.margin, y }, end: { x: right, y }, thickness: 0.5 });
  newLine(14);
  for (const line of bill.Lines) {
    write(line.Sku, cols.sku, 9);
    write(line.Name.length > 38 ? `${line.Name.slice(0, 37)}...` : line.Name, cols.name, 9);
    write(String(line.Quantity), cols.qty, 9, regular, true);
    write(formatMinor(line.UnitPrice), cols.price, 9, regular, true);
    write(formatRate(line.TaxRate), cols.tax, 9, regular, true);
    write(formatMinor(line.Total), cols.total, 9, regular, true);
    if (line.Discount !== 0) {
      newLine(12);
      write(say(`discount -${formatMinor(Math.abs(line.Discount))}`), cols.name, 8);
    }
    newLine(14);
  }
  page.drawLine({ start: { x: 330, y: y + 6 }, end: { x: right, y: y + 6 }, thickness: 0.5 });
  newLine(6);
  const summary: [string, number][] = [
    ['Subtotal', bill.Subtotal],
    ['Discount', -bill.Discount],
    ['Tax', bill.Tax],
    ['Total', bill.Total],
  ];
  for (const [label, amount] of summary) {
    write(say(label), 390, 10, label === 'Total' ? bold : regular, true);
    write(formatMinor(amount), right, 10, label === 'Total' ? bold : regular, true);
    newLine();
  }
  newLine(8);
  for (const payment of bill.Payments) {
    write(say(`Paid by ${payment.Method}`), 390, 10, regular, true);
    write(formatMinor(payment.Tendered), right, 10, regular, true);
    newLine();
  }
  if (bill.Change > 0) {
    write(say('Change'), 390, 10, regular, true);
    write(formatMinor(bill.Change), right, 10, regular, true);
    newLine();
  }
  newLine(24);
  write(say('Thank you for shopping with us.'), PAGE.margin, 10);
  return doc.save();
}
