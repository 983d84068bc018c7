export * from './alert-rule';
export * from './device-alerts';
export * from './trigger-types';
export * from './alert-endpoints';
