export * from './row-values';
