import { Button } from 'antd';
import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * The dialog's code (Upload, the store picker, the report table) loads when the button is first
 * pressed, or pointed at: the device list does not download it to show itself (docs/decisions/web.md
 * "What loads when").
 */
const loadDialog = () => import('./ImportDevicesDialog');
const ImportDevicesDialog = lazy(loadDialog);

/** The device list's "import" button and its dialog (ImportDevicesDialog.tsx). */
export function ImportDevicesModal({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [asked, setAsked] = useState(false);
  return (
    <>
      <Button
        onPointerEnter={() => void loadDialog()}
        onFocus={() => void loadDialog()}
        onClick={() => {
          setAsked(true);
          setOpen(true);
        }}
        data-testid="device-import"
      >
        {t('device.action.import')}
      </Button>
      {asked && (
        <Suspense fallback={null}>
          <ImportDevicesDialog open={open} onClose={() => setOpen(false)} onImported={onImported} />
        </Suspense>
      )}
    </>
  );
}
