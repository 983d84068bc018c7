export * from './inventory';
export * from './inventory-calls';
export * from './inventory-endpoints';
export * from './mac-key';
