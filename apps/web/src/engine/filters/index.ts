export * from './date-range';
export * from './filter-layout';
export * from './filter-output';
