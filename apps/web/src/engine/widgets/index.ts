export * from './calendar';
export * from './charts';
export * from './dashboard';
export * from './report';
