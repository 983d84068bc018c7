export * from './device-events';
export * from './device-ping';
export * from './device-syslog';
export * from './running-info';
