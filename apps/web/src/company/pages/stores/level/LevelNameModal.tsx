/** The add/rename dialog of the level editor. */
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

import { fieldsNamed, serverFieldErrors, useFormRules } from '@/shared/form';

export interface LevelNameValues {
  name: string;
  ename?: string;
}

const levelNameFieldOf = fieldsNamed<keyof LevelNameValues>(['name', 'ename']);

export interface LevelNameModalProps {
  open: boolean;
  title: string;
  initial?: LevelNameValues;
  submitting: boolean;
  onCancel: () => void;
  /** Saves; a rejection with a 400 listing fields marks those fields. */
  onSubmit: (values: LevelNameValues) => Promise<unknown>;
}

export function LevelNameModal({
  open,
  title,
  initial,
  submitting,
  onCancel,
  onSubmit,
}: LevelNameModalProps) {
  const { t } = useTranslation();
  const rules = useFormRules();
  const [form] = Form.useForm<LevelNameValues>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial?.name ?? '', ename: initial?.ename ?? '' });
  }, [open, initial, form]);
  const submit = async (values: LevelNameValues) => {
    try {
      await onSubmit(values);
    } catch (error) {
      // The request client has already shown the notice; the fields it names get their message too.
      form.setFields(serverFieldErrors(error, levelNameFieldOf));
    }
  };
  return (
    <Modal
      open={open}
      title={title}
      confirmLoading={submitting}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="level-name-modal"
    >
      <Form<LevelNameValues> form={form} layout="vertical" onFinish={submit}>
        <Form.Item name="name" label={t('level.form.name')} rules={[rules.required, { max: 64 }]}>
          <Input data-testid="level-form-name" />
        </Form.Item>
        <Form.Item name="ename" label={t('level.form.ename')} rules={[{ max: 64 }]}>
          <Input data-testid="level-form-ename" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
