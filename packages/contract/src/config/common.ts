import { z } from 'zod';

/** Paths of the product itself; a configured screen may not take them over. */
export const RESERVED_PATHS = [
  '/login',
  '/forgot',
  '/register',
  '/reset-password',
  '/redirect',
  '/home',
  '/welcome',
  '/my-profile',
  '/setting',
  '/pos',
  '/studio',
  '/api',
  '/oauth2',
  '/files',
  '/locales',
  '/health',
  '/assets',
] as const;

/** The code of a screen, a menu entry or a role. */
export const codeSchema = z
  .string()
  .regex(/^[A-Za-z0-9_-]{1,64}$/, 'must be 1 to 64 letters, digits, - or _')
  .describe('A short code: letters, digits, - or _.');

/** The address a screen opens at; `[param]` segments become route parameters. */
export const screenUrlSchema = z
  .string()
  .regex(/^\/[A-Za-z0-9_\-/[\]]{0,200}$/, 'must be a path such as /orders or /orders/[id]')
  .refine((url) => url !== '/', 'is a path of the product itself')
  .refine(
    (url) => !RESERVED_PATHS.some((path) => url === path || url.startsWith(`${path}/`)),
    'is a path of the product itself',
  )
  .describe('The address the screen opens at, e.g. /orders or /orders/[id].');

/** A bootstrap-icons class name, as menus give it (`bi-table`). */
export const menuIconSchema = z
  .string()
  .regex(/^(bi-[a-z0-9-]+)?$/, 'must be an icon such as bi-table')
  .describe('An icon of Bootstrap Icons, e.g. bi-table.');

/** A JSON object (a screen's Config or RequestData). */
export const jsonObjectSchema = z.record(z.string(), z.unknown());
