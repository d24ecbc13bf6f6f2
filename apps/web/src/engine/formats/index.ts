export * from './cell-formatters';
export * from './date';
export * from './json-text';
export * from './multi-select';
export * from './number';
export * from './picker';
export * from './read-number';
export * from './value-checks';
