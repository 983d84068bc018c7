export * from './version-endpoints';
export * from './versions';
