export * from './alert-endpoints';
export * from './alert-rule';
export * from './device-alerts';
export * from './trigger-types';
