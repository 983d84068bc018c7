export * from './auth';
export * from './enums';
export * from './envelope';
export * from './labels';
export * from './paging';
export * from './permissions';
export * from './query';
