import { NetworkFlag } from '@storefleet/contracts';

import { InventoryListPage } from './InventoryListPage';
import { InventoryToolbar } from './InventoryToolbar';

const SCOPE = { isNetworkDevice: NetworkFlag.NOT_NETWORKED } as const;

/**
 * /device/non-network.html: the non-network assets (inventory records marked `isNetworkDevice=1`:
 * scales, furniture, forklifts), never matched, bound or probed; "back to networked" returns them to
 * the inventory's networked side.
 */
export default function NonNetworkDevicesPage() {
  return (
    <InventoryListPage
      scope={SCOPE}
      testId="device-non-network"
      toolbar={(exportQuery) => <InventoryToolbar exportQuery={exportQuery} importable={false} />}
    />
  );
}
