import { BUTTON, InventoryEndpoints as E } from '@storefleet/contracts';
import { useQueryClient } from '@tanstack/react-query';
import { App, Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, moduleKey } from '@/shared/api/call';
import { saveBlob } from '@/shared/files/save-blob';
import { Access } from '@/shared/permissions/Access';
import type { InventoryCallBody } from './inventory-query';

/**
 * The dialog's code (Upload, Progress, the store picker, the report table) loads when the button is
 * first pointed at or pressed: the list does not download it to show itself.
 */
const loadDialog = () => import('./ImportDialog');
const ImportDialog = lazy(loadDialog);

export const EXPORT_FILE = 'inventory.xlsx';

/** Import (with the template inside the dialog), export of the current filters, template download. */
export function InventoryToolbar({
  exportQuery,
  importable = true,
}: {
  exportQuery: InventoryCallBody;
  /** The non-network page exports only (imports go to the inventory page). */
  importable?: boolean;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  const [exporting, setExporting] = useState(false);

  const exportList = async () => {
    setExporting(true);
    void message.info(t('inventory.message.exporting'));
    try {
      saveBlob(await api(E.exportInventoryDevices, { query: exportQuery }), EXPORT_FILE);
    } catch {
      // Already reported by the request client.
    } finally {
      setExporting(false);
    }
  };

  return (
    <>
      {importable ? (
        <Access codes={[BUTTON.inventoryImport]}>
          <Button
            type="primary"
            onPointerEnter={() => void loadDialog()}
            onFocus={() => void loadDialog()}
            onClick={() => {
              setAsked(true);
              setOpen(true);
            }}
            data-testid="inventory-import"
          >
            {t('inventory.action.import')}
          </Button>
          <Button
            onClick={() => void loadDialog().then((m) => m.downloadTemplate())}
            data-testid="inventory-template"
          >
            {t('inventory.action.template')}
          </Button>
        </Access>
      ) : null}
      <Access codes={[BUTTON.inventoryExport]}>
        <Button loading={exporting} onClick={() => void exportList()} data-testid="inventory-export">
          {t('inventory.action.export')}
        </Button>
      </Access>
      {asked && (
        <Suspense fallback={null}>
          <ImportDialog
            open={open}
            onClose={() => setOpen(false)}
            onImported={() =>
              void queryClient.invalidateQueries({ queryKey: moduleKey(E.importExcelInventory) })
            }
          />
        </Suspense>
      )}
    </>
  );
}
