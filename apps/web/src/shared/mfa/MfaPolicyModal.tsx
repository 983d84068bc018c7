import { MfaEndpoints, type MfaPolicyBody, RoleEndpoints } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Checkbox, Form, Modal, Select, Spin, Typography } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '../api/call';
import { useCallMutation } from '../api/useCallMutation';

/**
 * Who must use two-step sign-in: the company's policy in the company console, the platform's in the
 * admin console (the server picks by the caller). The roles come from the role list.
 */
export function MfaPolicyModal({ admin, onClose }: { admin: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const [form] = Form.useForm<MfaPolicyBody>();
  const policy = useQuery(apiQuery(MfaEndpoints.getMfaPolicy));
  const roles = useQuery(apiQuery(RoleEndpoints.listRoles, { query: { pageNum: 1, pageSize: 1000 } }));
  const save = useCallMutation(MfaEndpoints.saveMfaPolicy, {
    input: (body: MfaPolicyBody) => ({ body }),
    successMessage: t('mfa.policy.saved'),
  });

  useEffect(() => {
    if (policy.data) form.setFieldsValue(policy.data);
  }, [policy.data, form]);

  return (
    <Modal
      open
      title={t('mfa.policy.title')}
      okText={t('mfa.policy.save')}
      confirmLoading={save.isPending}
      onOk={() => form.submit()}
      onCancel={onClose}
      destroyOnHidden
      data-testid="mfa-policy-modal"
    >
      <Typography.Paragraph type="secondary">{t('mfa.policy.hint')}</Typography.Paragraph>
      {policy.data ? (
        <Form<MfaPolicyBody>
          form={form}
          layout="vertical"
          initialValues={policy.data}
          onFinish={(values) => void save.mutateAsync(values).then(onClose, () => undefined)}
        >
          <Form.Item name="admins" valuePropName="checked">
            <Checkbox data-testid="mfa-policy-admins">
              {t(admin ? 'mfa.policy.admins.platform' : 'mfa.policy.admins.company')}
            </Checkbox>
          </Form.Item>
          <Form.Item name="roleIds" label={t('mfa.policy.roles')}>
            <Select
              mode="multiple"
              allowClear
              loading={roles.isLoading}
              placeholder={t('common.pleaseSelect')}
              options={(roles.data?.list ?? []).map((role) => ({ value: role.id, label: role.name }))}
              data-testid="mfa-policy-roles"
            />
          </Form.Item>
        </Form>
      ) : (
        <Spin />
      )}
    </Modal>
  );
}
