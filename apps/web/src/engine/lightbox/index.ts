export * from './lightbox';
