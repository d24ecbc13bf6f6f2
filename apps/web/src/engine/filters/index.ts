export * from './date-range';
export * from './filter-output';
export * from './filter-layout';
