import { AuthEndpoints, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH } from '@storefleet/contracts';
import { Form, Input, Modal } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api } from '../api/call';
import { useAppApi } from '../app/app-api';
import { fieldsNamed, serverFieldErrors, useFormRules } from '../form';
import { getSession, selectCompany, startSession } from '../session/session-store';
import { type ChangePasswordValues, confirmMatches, newPasswordProblem } from './change-password';

const fieldOf = fieldsNamed<keyof ChangePasswordValues>(['oldPassword', 'newPassword']);

/**
 * The signed-in user's own password: current, new and confirmation. The server checks the current one;
 * every other session of the user ends and this browser goes on with the fresh session it returns.
 */
export function ChangePasswordModal({ open, onClose }: { open: boolean; onClose: () => void }) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const { message } = useAppApi();
  const [form] = Form.useForm<ChangePasswordValues>();
  const [saving, setSaving] = useState(false);

  const close = () => {
    form.resetFields();
    onClose();
  };

  const submit = async (values: ChangePasswordValues) => {
    setSaving(true);
    try {
      const acting = getSession()?.companyId ?? null;
      const result = await api(AuthEndpoints.changePassword, {
        body: { oldPassword: values.oldPassword, newPassword: values.newPassword },
      });
      await startSession(result);
      if (acting !== null) await selectCompany(acting);
      void message.success(t('shell.password.changed'));
      close();
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, fieldOf));
    } finally {
      setSaving(false);
    }
  };

  return (
    <Modal
      open={open}
      title={t('shell.password.title')}
      okText={t('shell.password.submit')}
      cancelText={t('shell.password.cancel')}
      confirmLoading={saving}
      onOk={() => form.submit()}
      onCancel={close}
      destroyOnHidden
      data-testid="change-password-modal"
    >
      <Form<ChangePasswordValues>
        form={form}
        layout="vertical"
        onFinish={(values) => void submit(values)}
        preserve={false}
        data-testid="change-password-form"
      >
        <Form.Item name="oldPassword" label={t('shell.password.current')} rules={[rules.required]}>
          <Input.Password autoComplete="current-password" data-testid="change-password-current" />
        </Form.Item>
        <Form.Item
          name="newPassword"
          label={t('shell.password.new')}
          extra={t('shell.password.rule', { min: PASSWORD_MIN_LENGTH, max: PASSWORD_MAX_LENGTH })}
          dependencies={['oldPassword']}
          rules={[
            rules.required,
            ({ getFieldValue }) => ({
              validator: async (_rule, value: string | undefined) => {
                if (!value) return;
                const problem = newPasswordProblem(value, getFieldValue('oldPassword'));
                if (problem)
                  throw new Error(
                    t(`shell.password.problem.${problem}`, {
                      min: PASSWORD_MIN_LENGTH,
                      max: PASSWORD_MAX_LENGTH,
                    }),
                  );
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-new" />
        </Form.Item>
        <Form.Item
          name="confirmPassword"
          label={t('shell.password.confirm')}
          dependencies={['newPassword']}
          rules={[
            rules.required,
            ({ getFieldsValue }) => ({
              validator: async () => {
                if (!confirmMatches(getFieldsValue())) throw new Error(t('shell.password.mismatch'));
              },
            }),
          ]}
        >
          <Input.Password autoComplete="new-password" data-testid="change-password-confirm" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
