import { DeviceEndpoints as E } from '@storefleet/contracts';
import { App, Button, Form, Modal, Select, Upload } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../../../shared/api/call';
import { useRegionOptions } from './RegionField';
import { type RegionOption, storeIdOfPath } from './region-options';

function storesOf(options: readonly RegionOption[]): { value: number; label: string }[] {
  return options.flatMap((o) => {
    const id = o.isStore ? storeIdOfPath([o.value]) : null;
    return [...(id !== null ? [{ value: id, label: o.label }] : []), ...storesOf(o.children ?? [])];
  });
}

/** Saves a downloaded file under a name the user recognises. */
function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const link = document.createElement('a');
  link.href = url;
  link.download = fileName;
  link.click();
  URL.revokeObjectURL(url);
}

/** Imports devices into one store from the device template (.xlsx); the template is downloadable here. */
export function ImportDevicesModal({ onImported }: { onImported: () => void }) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [shopId, setShopId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const { options, loading } = useRegionOptions(open);

  const submit = async () => {
    if (shopId === null || file === null) return;
    setBusy(true);
    try {
      const upload = new FormData();
      upload.append('file', file);
      const result = await api(E.importExcel, { params: { shopId }, body: upload });
      void message.success(t('device.import.done', { count: result.imported }));
      setOpen(false);
      setFile(null);
      onImported();
    } catch {
      // The request client has already shown the server's message (it names the refused rows).
    } finally {
      setBusy(false);
    }
  };

  return (
    <>
      <Button onClick={() => setOpen(true)} data-testid="device-import">
        {t('device.action.import')}
      </Button>
      <Modal
        open={open}
        title={t('device.import.title')}
        okText={t('device.import.submit')}
        okButtonProps={{ disabled: shopId === null || file === null, loading: busy }}
        onOk={() => void submit()}
        onCancel={() => setOpen(false)}
        destroyOnHidden
      >
        <Form layout="vertical">
          <Form.Item label={t('device.field.shopName')} required>
            <Select
              showSearch
              optionFilterProp="label"
              loading={loading}
              options={storesOf(options)}
              value={shopId ?? undefined}
              onChange={(value: number) => setShopId(value)}
              placeholder={t('common.pleaseSelect')}
            />
          </Form.Item>
          <Form.Item label={t('device.import.file')} required>
            <Upload
              accept=".xlsx"
              maxCount={1}
              beforeUpload={(picked) => {
                setFile(picked);
                return false;
              }}
              onRemove={() => setFile(null)}
            >
              <Button>{t('device.import.pick')}</Button>
            </Upload>
          </Form.Item>
          <Button
            type="link"
            onClick={() =>
              void api(E.downloadExcelTemplate)
                .then((blob) => saveBlob(blob, 'device-template.xlsx'))
                .catch(() => undefined)
            }
          >
            {t('device.import.template')}
          </Button>
        </Form>
      </Modal>
    </>
  );
}
