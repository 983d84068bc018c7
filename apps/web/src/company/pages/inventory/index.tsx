import { InventoryListPage } from './InventoryListPage';
import { InventoryToolbar } from './InventoryToolbar';

const SCOPE = {} as const;

/**
 * /device/inventory.html: the asset register (issue 12) — every inventory record of the caller's
 * stores with the summary, import/export, binding to devices by MAC, images, non-network marking.
 */
export default function InventoryPage() {
  return (
    <InventoryListPage
      scope={SCOPE}
      testId="inventory-page"
      toolbar={(exportQuery) => <InventoryToolbar exportQuery={exportQuery} />}
    />
  );
}
