export * from './cell-update';
