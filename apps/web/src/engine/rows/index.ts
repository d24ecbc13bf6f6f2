export * from './grid-navigation';
export * from './record-name';
export * from './related-lists';
export * from './row-flags';
export * from './row-states';
export * from './row-styles';
