export * from './row-flags';
export * from './row-states';
export * from './row-styles';
export * from './grid-navigation';
