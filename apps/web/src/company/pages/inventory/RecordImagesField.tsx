import { PlusOutlined } from '@ant-design/icons';
import {
  InventoryEndpoints as E,
  INVENTORY_IMAGE_LIMITS,
  INVENTORY_MAX_IMAGES,
  type InventoryImageUploadResult,
} from '@storefleet/contracts';
import { App, Form, Upload, type UploadFile } from 'antd';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '@/shared/api/call';
import { useImageUrls } from './useImageUrls';

const ACCEPT = 'image/png,image/jpeg,image/webp,.png,.jpg,.jpeg,.webp';
/** An image of the record in the upload list: saved ones by name, new ones as uploaded. */
export type RecordImageFile = UploadFile<Pick<InventoryImageUploadResult, 'name'>>;

/** A first check before uploading (the server decides by content anyway). */
function imageFileProblem(file: { type: string; name: string; size: number }): string | null {
  const byType = (INVENTORY_IMAGE_LIMITS.contentTypes as readonly string[]).includes(file.type);
  if (!byType && !/\.(png|jpe?g|webp)$/i.test(file.name)) return 'inventory.edit.wrongType';
  if (file.size > INVENTORY_IMAGE_LIMITS.maxBytes) return 'inventory.edit.tooLarge';
  return null;
}

/**
 * The asset record's images in the edit dialog: the saved ones as thumbnails, new ones checked and
 * uploaded as they are added (at most INVENTORY_MAX_IMAGES); the dialog saves the names.
 */
export function RecordImagesField({
  images,
  files,
  onChange,
}: {
  /** The record's saved image names, whose thumbnails are read. */
  images: readonly string[];
  files: RecordImageFile[];
  onChange: (files: RecordImageFile[]) => void;
}) {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const urls = useImageUrls(images);
  const shown = useMemo(
    () =>
      files.map((f) =>
        !f.thumbUrl && f.response?.name && urls[f.response.name]
          ? { ...f, thumbUrl: urls[f.response.name] }
          : f,
      ),
    [files, urls],
  );
  return (
    <Form.Item label={t('inventory.field.images')} extra={t('inventory.edit.imagesHint')}>
      <Upload<Pick<InventoryImageUploadResult, 'name'>>
        accept={ACCEPT}
        listType="picture-card"
        multiple
        maxCount={INVENTORY_MAX_IMAGES}
        fileList={shown}
        onChange={({ fileList }) => onChange(fileList)}
        showUploadList={{ showPreviewIcon: false }}
        beforeUpload={(file) => {
          const problem = imageFileProblem(file);
          if (problem) {
            void message.error(t(problem));
            return Upload.LIST_IGNORE;
          }
          return true;
        }}
        customRequest={({ file, onSuccess, onError, onProgress }) => {
          const body = new FormData();
          body.append('file', file as Blob, typeof file === 'string' ? 'image' : (file as File).name);
          api(
            E.uploadImage,
            { body },
            { onUploadProgress: (f) => onProgress?.({ percent: Math.round(f * 100) }) },
          ).then(
            (result) => onSuccess?.(result),
            (error: unknown) =>
              onError?.(error instanceof Error ? error : new Error(t('inventory.edit.uploadFailed'))),
          );
        }}
        data-testid="inventory-edit-images"
      >
        {files.length < INVENTORY_MAX_IMAGES ? (
          <div>
            <PlusOutlined />
            <div style={{ marginTop: 8 }}>{t('inventory.edit.upload')}</div>
          </div>
        ) : null}
      </Upload>
    </Form.Item>
  );
}
