export * from './device-events';
export * from './device-ping';
export * from './device-syslog';
export * from './monitoring-endpoints';
export * from './running-info';
