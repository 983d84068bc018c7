export * from './device';
export * from './device-body';
export * from './device-calls';
export * from './device-class-rules';
export * from './device-endpoints';
export {
  DEFAULT_SNMP_PORT,
  INVALID_IP_MESSAGE,
  INVALID_MAC_MESSAGE,
  ipAddressField,
  isIpAddress,
  isMacAddress,
  macAddressField,
} from './device-fields';
export * from './device-list';
export * from './display-state';
