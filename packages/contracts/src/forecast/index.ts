export * from './forecast';
export * from './forecast-endpoints';
