export * from './task';
export * from './task-endpoints';
