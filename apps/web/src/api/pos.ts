import type { PosBill, PosProduct, PosReturnRequest, PosSellRequest } from '@panelwright/contract';
import { api } from './api';

// The point of sale's calls (the till page). Failures toast through the client as any call does.

export type PosLocation = { Id: number; Code: string; Name: string };

export const fetchPosLocations = () => api.post<PosLocation[]>('Pos', 'Locations', {});

export const searchPosProducts = (locationId: number, search: string) =>
  api.post<PosProduct[]>('Pos', 'Products', { LocationId: locationId, Search: search });

/** The product of an exact barcode or SKU (a scan), or none. */
export const findPosProduct = async (locationId: number, code: string) =>
  (await api.post<PosProduct[]>('Pos', 'Products', { LocationId: locationId, Code: code }))[0] ?? null;

export const sellPosBill = (body: PosSellRequest) => api.post<PosBill>('Pos', 'Sell', body);

export const returnPosItems = (body: PosReturnRequest) => api.post<PosBill>('Pos', 'Return', body);

export const fetchPosBill = (number: string) => api.post<PosBill>('Pos', 'Bill', { Number: number });

/** Mails the invoice PDF of a bill; the answer's message says where it went. */
export const mailPosInvoice = (billId: number, email: string) =>
  api.call<{ Msg: string }>({ path: 'Pos', name: 'MailInvoice', body: { Id: billId, Email: email } });

/** A signed link to the invoice PDF of a bill. */
export const posInvoiceLink = (billId: number) =>
  api.post<{ FullPath: string; FullPathName: string }>('Pos', 'InvoicePdf', { Id: billId });
