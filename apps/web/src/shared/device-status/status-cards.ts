/**
 * The count cards above the device lists, as data: which cards a list shows, their figures, which of
 * them means trouble (offline, shown red), and the online-status filter each card sets when clicked.
 * Pure, so the sums are tested without a browser.
 */
import {
  type DeviceStatusCounts,
  Flag,
  type GatewayStatusCounts,
  MonitoredFlag,
  OnlineStatus,
} from '@storefleet/contracts';

import type { DeviceListScope } from '../device/device-query';

export type CountTone = 'neutral' | 'good' | 'bad';

export interface CountCard {
  key: 'total' | 'online' | 'offline' | 'preinstalled';
  labelKey: string;
  value: number | undefined;
  tone: CountTone;
  /**
   * The list's `onlineStatus` filter the card sets when clicked ('' clears it: the total); null for a
   * card that is a fact, not a filter (pre-installed boxes).
   */
  filter: string | null;
}

const ONLINE = String(OnlineStatus.ONLINE);
const OFFLINE = String(OnlineStatus.OFFLINE);

/**
 * The cards of a device list: total, online and offline, each a filter. A list of unmonitored devices
 * or of non-network devices shows its total alone: nobody watches those devices (or nothing can reach
 * them), so "offline" would be a false alarm.
 */
export function deviceCountCards(
  counts: DeviceStatusCounts | undefined,
  scope: Pick<DeviceListScope, 'monitored' | 'isNetworkDevice'>,
): CountCard[] {
  const total: CountCard = {
    key: 'total',
    labelKey: 'device.count.total',
    value: counts?.deviceNum,
    tone: 'neutral',
    filter: '',
  };
  if (scope.monitored === MonitoredFlag.NOT_MONITORED || scope.isNetworkDevice === Flag.YES) return [total];
  return [total, ...onlineOfflineCards(counts)];
}

/** The online (green) and offline (red) cards, each a filter of the list. */
function onlineOfflineCards(counts: { onlineNum: number; offlineNum: number } | undefined): CountCard[] {
  return [
    {
      key: 'online',
      labelKey: 'device.count.online',
      value: counts?.onlineNum,
      tone: 'good',
      filter: ONLINE,
    },
    {
      key: 'offline',
      labelKey: 'device.count.offline',
      value: counts?.offlineNum,
      tone: 'bad',
      filter: OFFLINE,
    },
  ];
}

/**
 * The cards of the gateway list: total boxes (online + offline, so the cards add up), online, offline,
 * and the pre-installed boxes as a separate fact (a pre-installed box is also online or offline).
 */
export function gatewayCountCards(counts: GatewayStatusCounts | undefined): CountCard[] {
  const total = counts ? counts.onlineNum + counts.offlineNum : undefined;
  return [
    { key: 'total', labelKey: 'device.count.totalBoxes', value: total, tone: 'neutral', filter: '' },
    ...onlineOfflineCards(counts),
    {
      key: 'preinstalled',
      labelKey: 'device.count.preinstalled',
      value: counts?.isPreNum,
      tone: 'neutral',
      filter: null,
    },
  ];
}

/** Whether a card is the list's current filter (the total when no online-status filter is set). */
export function isActiveCard(card: CountCard, onlineStatus: string | undefined): boolean {
  if (card.filter === null) return false;
  return card.filter === (onlineStatus ?? '');
}
