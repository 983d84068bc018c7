import {
  ConnectType,
  DeviceSystem,
  InventoryEndpoints as E,
  type InventoryRecord,
  PropertyStatus,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import {
  App,
  Col,
  Descriptions,
  Form,
  Image,
  Input,
  InputNumber,
  Modal,
  Row,
  Select,
  Space,
  Spin,
} from 'antd';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { CategoryCascader } from '@/shared/device/CategoryCascader';
import { usePropertyTypes } from '@/shared/device/usePropertyTypes';
import { fieldsNamed, serverFieldErrors } from '@/shared/form';
import { useLang } from '@/shared/i18n/useLang';
import { type RecordImageFile, RecordImagesField } from './RecordImagesField';
import {
  EDITABLE_TEXT,
  imagesState,
  ipProblem,
  macProblem,
  type RecordFormValues,
  recordFormValues,
  updateBody,
} from './record-form';
import { useImageUrls } from './useImageUrls';

type ImageFile = RecordImageFile;

/** "Asset <number>", the number marked as data. */
function RecordTitle({ assetNo }: { assetNo: string }) {
  return (
    <Trans i18nKey="inventory.edit.title" values={{ assetNo }} components={{ cell: <span data-cell /> }} />
  );
}

const FORM_FIELDS = [
  ...EDITABLE_TEXT,
  'propertyType',
  'deviceSystem',
  'connectType',
  'serviceLife',
  'status',
] as const;

/** The record's values as read-only descriptions (view), images included. */
function RecordView({ record }: { record: InventoryRecord }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const urls = useImageUrls(record.images);
  const dash = (v: string | number | null | undefined) =>
    v === null || v === undefined || v === '' ? '-' : String(v);
  const items: [string, string][] = [
    ['assetNo', record.assetNo],
    ['deviceName', record.deviceName],
    ['shopName', record.shopName],
    ['category', [record.categoryName, record.className].filter(Boolean).join(' / ')],
    ['deviceBrand', dash(record.deviceBrand)],
    ['model', dash(record.model)],
    ['deviceSn', dash(record.deviceSn)],
    ['macAddress', dash(record.macAddress)],
    ['intranetIp', dash(record.intranetIp)],
    [
      'deviceSystem',
      record.deviceSystem === null ? '-' : DeviceSystem.labelOf(record.deviceSystem as 0, lang),
    ],
    ['connectType', record.connectType === null ? '-' : ConnectType.labelOf(record.connectType as 1, lang)],
    ['specifications', dash(record.specifications)],
    ['propertyType', dash(record.propertyTypeName)],
    [
      'status',
      PropertyStatus.has(record.status) ? PropertyStatus.labelOf(record.status, lang) : record.statusName,
    ],
    ['serviceLife', dash(record.serviceLife)],
    ['custodian', dash(record.custodian)],
    ['obtainTime', dash(record.obtainTime)],
    ['vinNo', dash(record.vinNo)],
    ['inumber', dash(record.inumber)],
    ['index', dash(record.index)],
    ['boundDevice', record.boundDeviceName ?? t('inventory.notBound')],
    ['remark', dash(record.remark)],
  ];
  return (
    <div data-testid="inventory-record-view">
      <Descriptions
        size="small"
        column={2}
        bordered
        items={items.map(([key, value]) => ({
          key,
          label: t(`inventory.field.${key}`),
          children: value || '-',
        }))}
      />
      {record.images.length > 0 ? (
        <Space wrap style={{ marginTop: 16 }} data-testid="inventory-record-images">
          {record.images.map((name) =>
            urls[name] ? (
              <Image key={name} src={urls[name]} width={96} height={96} style={{ objectFit: 'cover' }} />
            ) : (
              <Spin key={name} />
            ),
          )}
        </Space>
      ) : null}
    </div>
  );
}

/** The edit form: every imported field except the store and the asset number, and the images. */
function RecordEdit({ record, onClose }: { record: InventoryRecord; onClose: () => void }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { message } = App.useApp();
  const [form] = Form.useForm<RecordFormValues>();
  const propertyTypes = usePropertyTypes();
  const [files, setFiles] = useState<ImageFile[]>(() =>
    record.images.map((name) => ({ uid: name, name, status: 'done', response: { name } })),
  );
  useEffect(() => form.setFieldsValue(recordFormValues(record)), [form, record]);
  const save = useCallMutation(E.update, {
    input: (body: ReturnType<typeof updateBody>) => ({ body }),
    successMessage: t('inventory.message.saved'),
  });

  const submit = async () => {
    const values = await form.validateFields().catch(() => null);
    if (!values) return;
    const images = imagesState(files);
    if (images.kind === 'uploading') {
      void message.error(t('inventory.edit.pleaseWaitUploading'));
      return;
    }
    if (images.kind === 'failed') {
      void message.error(t('inventory.edit.uploadFailed'));
      return;
    }
    try {
      await save.mutateAsync(updateBody(record.id, values, images.names));
      onClose();
    } catch (error) {
      form.setFields(serverFieldErrors(error, fieldsNamed(FORM_FIELDS)));
    }
  };

  const text = (name: (typeof EDITABLE_TEXT)[number], extra: object = {}) => (
    <Col span={12} key={name}>
      <Form.Item name={name} label={t(`inventory.field.${name}`)} {...extra}>
        <Input allowClear data-testid={`inventory-edit-${name}`} />
      </Form.Item>
    </Col>
  );
  const checked = (problem: (v: unknown) => string | null) => ({
    rules: [
      {
        validator: (_: unknown, v: unknown) =>
          problem(v) ? Promise.reject(new Error(t(problem(v) as string))) : Promise.resolve(),
      },
    ],
  });

  return (
    <Modal
      open
      title={<RecordTitle assetNo={record.assetNo} />}
      okText={t('inventory.edit.save')}
      cancelText={t('inventory.edit.cancel')}
      okButtonProps={{ loading: save.isPending, 'data-testid': 'inventory-edit-save' }}
      onOk={() => void submit()}
      onCancel={onClose}
      width={860}
      destroyOnHidden
    >
      <Form form={form} layout="vertical" data-testid="inventory-edit-form">
        <Row gutter={16}>
          {text('deviceName', {
            rules: [{ required: true, whitespace: true, message: t('inventory.edit.required') }],
          })}
          <Col span={12}>
            <Form.Item name="category" label={t('inventory.field.category')}>
              <CategoryCascader changeOnSelect data-testid="inventory-edit-category" />
            </Form.Item>
          </Col>
          {text('deviceBrand')}
          {text('model')}
          {text('deviceSn')}
          {text('macAddress', checked(macProblem))}
          {text('intranetIp', checked(ipProblem))}
          <Col span={12}>
            <Form.Item name="deviceSystem" label={t('inventory.field.deviceSystem')}>
              <Select
                allowClear
                options={DeviceSystem.options(lang)}
                placeholder={t('common.pleaseSelect')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="connectType" label={t('inventory.field.connectType')}>
              <Select allowClear options={ConnectType.options(lang)} placeholder={t('common.pleaseSelect')} />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item name="propertyType" label={t('inventory.field.propertyType')}>
              <Select
                allowClear
                options={propertyTypes.options}
                loading={propertyTypes.loading}
                placeholder={t('common.pleaseSelect')}
              />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="status"
              label={t('inventory.field.status')}
              rules={[{ required: true, message: t('inventory.edit.required') }]}
            >
              <Select options={PropertyStatus.options(lang)} data-testid="inventory-edit-status" />
            </Form.Item>
          </Col>
          <Col span={12}>
            <Form.Item
              name="serviceLife"
              label={t('inventory.field.serviceLife')}
              rules={[{ type: 'integer', min: 0, max: 100, message: t('inventory.edit.wholeNumber') }]}
            >
              <InputNumber min={0} max={100} precision={0} style={{ width: '100%' }} />
            </Form.Item>
          </Col>
          {text('custodian')}
          {text('obtainTime', {
            rules: [{ pattern: /^\d{4}-\d{2}-\d{2}$/, message: t('inventory.edit.date') }],
          })}
          {text('specifications')}
          {text('vinNo')}
          {text('inumber')}
          {text('index')}
          <Col span={24}>
            <Form.Item name="remark" label={t('inventory.field.remark')}>
              <Input.TextArea rows={2} maxLength={500} />
            </Form.Item>
          </Col>
          <Col span={24}>
            <RecordImagesField images={record.images} files={files} onChange={setFiles} />
          </Col>
        </Row>
      </Form>
    </Modal>
  );
}

/**
 * The asset dialog: view (every field and the images) or edit (docs/decisions/inventory.md "Edit").
 * The record is read again when opened, so the dialog never edits a stale copy of the row.
 */
export default function RecordDialog({
  recordId,
  editable,
  onClose,
}: {
  recordId: number;
  editable: boolean;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const record = useQuery({ ...apiQuery(E.get, { params: { id: recordId } }), staleTime: 0 });
  if (!record.data) {
    return (
      <Modal open footer={null} onCancel={onClose} title={t('inventory.action.view')}>
        <Spin />
      </Modal>
    );
  }
  if (editable) return <RecordEdit record={record.data} onClose={onClose} />;
  return (
    <Modal
      open
      title={<RecordTitle assetNo={record.data.assetNo} />}
      footer={null}
      onCancel={onClose}
      width={860}
      destroyOnHidden
    >
      <RecordView record={record.data} />
    </Modal>
  );
}
