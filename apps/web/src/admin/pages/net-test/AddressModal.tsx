/** Add or edit one net-test address. */
import {
  isHostOrIp,
  type NetTestAddress,
  type NetTestAddressSaveBody,
  StoreEndpoints,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Form, Input, Modal, Select } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { fieldsNamed, serverFieldErrors, useFormRules } from '@/shared/form';

interface Values {
  companyId?: number;
  pingUrl: string;
  pingUrlName: string;
  uploadUrl?: string;
  downloadUrl?: string;
}

export interface AddressModalProps {
  open: boolean;
  address: NetTestAddress | null;
  submitting: boolean;
  onCancel: () => void;
  /** Saves; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (body: NetTestAddressSaveBody) => Promise<unknown>;
}

const URL_RULE = /^https?:\/\/\S+$/i;
const addressFieldOf = fieldsNamed<keyof Values>([
  'companyId',
  'pingUrl',
  'pingUrlName',
  'uploadUrl',
  'downloadUrl',
]);

export function AddressModal({ open, address, submitting, onCancel, onSubmit }: AddressModalProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<Values>();
  const companies = useQuery({ ...apiQuery(StoreEndpoints.listCompanys), enabled: open });
  useEffect(() => {
    if (!open) return;
    form.resetFields();
    if (address) {
      form.setFieldsValue({
        ...(address.companyId === null ? {} : { companyId: address.companyId }),
        pingUrl: address.pingUrl,
        pingUrlName: address.pingUrlName,
        uploadUrl: address.uploadUrl ?? '',
        downloadUrl: address.downloadUrl ?? '',
      });
    }
  }, [open, address, form]);
  const urlRule = { pattern: URL_RULE, message: t('netTest.form.urlInvalid') };
  const submit = async (values: Values) => {
    try {
      await onSubmit({
        ...(address ? { id: address.id } : {}),
        companyId: values.companyId,
        pingUrl: values.pingUrl.trim(),
        pingUrlName: values.pingUrlName,
        uploadUrl: values.uploadUrl?.trim() || undefined,
        downloadUrl: values.downloadUrl?.trim() || undefined,
      });
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, addressFieldOf));
    }
  };
  return (
    <Modal
      open={open}
      title={t(address ? 'netTest.modal.edit' : 'netTest.modal.add')}
      confirmLoading={submitting}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="net-test-address-modal"
    >
      <Form<Values> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="companyId" label={t('netTest.form.company')} extra={t('netTest.form.companyHint')}>
          <Select
            allowClear
            loading={companies.isFetching}
            placeholder={t('netTest.form.allCompanies')}
            options={(companies.data ?? []).map((c) => ({ value: c.id, label: c.name }))}
            data-testid="net-test-form-company"
          />
        </Form.Item>
        <Form.Item
          name="pingUrlName"
          label={t('netTest.form.pingUrlName')}
          rules={[rules.required, { max: 64 }]}
        >
          <Input data-testid="net-test-form-name" />
        </Form.Item>
        <Form.Item
          name="pingUrl"
          label={t('netTest.form.pingUrl')}
          extra={t('netTest.form.pingUrlHint')}
          rules={[
            rules.required,
            {
              validator: (_, value: string | undefined) =>
                !value || isHostOrIp(value.trim())
                  ? Promise.resolve()
                  : Promise.reject(new Error(t('netTest.form.pingUrlInvalid'))),
            },
          ]}
        >
          <Input data-testid="net-test-form-ping-url" />
        </Form.Item>
        <Form.Item name="uploadUrl" label={t('netTest.form.uploadUrl')} rules={[urlRule]}>
          <Input data-testid="net-test-form-upload-url" />
        </Form.Item>
        <Form.Item name="downloadUrl" label={t('netTest.form.downloadUrl')} rules={[urlRule]}>
          <Input data-testid="net-test-form-download-url" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
