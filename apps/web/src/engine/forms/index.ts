export * from './conditions';
export * from './form-config';
export * from './form-types';
export * from './number-input';
export * from './required';
export * from './server-errors';
export * from './submit';
