export * from './net-test-run-endpoints';
export * from './net-test-runs';
