import { type Device, Flag, MonitoredFlag, ProductType } from '@storefleet/contracts';

/**
 * Whether a row offers the syslog page: syslog is what a device sends to its store's box, and the box
 * keeps it only for the networked devices it monitors. The box itself is the receiver (its own page is
 * its running info), and a non-network device (isNetworkDevice 1) sends nothing. See docs/decisions/device-lists.md.
 */
export function offersSyslog(device: Pick<Device, 'productId' | 'isNetworkDevice' | 'monitored'>): boolean {
  return (
    device.productId !== ProductType.AI_BOX &&
    device.isNetworkDevice !== Flag.YES &&
    device.monitored === MonitoredFlag.MONITORED
  );
}
