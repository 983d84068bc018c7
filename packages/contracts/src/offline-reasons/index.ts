export * from './offline-reason-endpoints';
export * from './offline-reasons';
