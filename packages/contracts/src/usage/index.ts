export * from './usage';
export * from './usage-endpoints';
