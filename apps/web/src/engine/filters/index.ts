export * from './date-range';
export * from './filter-output';
