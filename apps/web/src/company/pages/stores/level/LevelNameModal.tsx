/** The add/rename dialog of the level editor. */
import { Form, Input, Modal } from 'antd';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';

export interface LevelNameValues {
  name: string;
  ename?: string;
}

export interface LevelNameModalProps {
  open: boolean;
  title: string;
  initial?: LevelNameValues;
  saving: boolean;
  onCancel: () => void;
  onSubmit: (values: LevelNameValues) => Promise<unknown>;
}

export function LevelNameModal({ open, title, initial, saving, onCancel, onSubmit }: LevelNameModalProps) {
  const { t } = useTranslation();
  const [form] = Form.useForm<LevelNameValues>();
  useEffect(() => {
    if (open) form.setFieldsValue({ name: initial?.name ?? '', ename: initial?.ename ?? '' });
  }, [open, initial, form]);
  return (
    <Modal
      open={open}
      title={title}
      confirmLoading={saving}
      onCancel={onCancel}
      onOk={() => form.submit()}
      destroyOnHidden
      data-testid="level-name-modal"
    >
      <Form<LevelNameValues> form={form} layout="vertical" onFinish={(values) => onSubmit(values)}>
        <Form.Item
          name="name"
          label={t('level.form.name')}
          rules={[{ required: true, whitespace: true, message: t('level.form.nameRequired') }, { max: 64 }]}
        >
          <Input data-testid="level-form-name" />
        </Form.Item>
        <Form.Item name="ename" label={t('level.form.ename')} rules={[{ max: 64 }]}>
          <Input data-testid="level-form-ename" />
        </Form.Item>
      </Form>
    </Modal>
  );
}
