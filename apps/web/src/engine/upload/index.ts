export * from './upload-check';
