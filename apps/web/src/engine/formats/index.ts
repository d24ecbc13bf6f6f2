export * from './cell-formatters';
export * from './date';
export * from './multi-select';
export * from './number';
export * from './picker';
export * from './value-checks';
