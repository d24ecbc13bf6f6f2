export const COMPRESSIBLE_EXTENSIONS: Set<string>;
export const MIN_BYTES: number;
export function precompress(folder: string): {
  files: number;
  bytes: number;
  brotliBytes: number;
  gzipBytes: number;
};
