export * from './paging';
export * from './table-address';
