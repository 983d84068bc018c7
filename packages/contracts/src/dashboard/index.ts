export * from './dashboard';
export * from './dashboard-endpoints';
