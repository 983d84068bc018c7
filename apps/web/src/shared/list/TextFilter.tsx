import { Form, Input } from 'antd';
import { useTranslation } from 'react-i18next';

/** A list filter form's free-text field: cleared with one click, "please enter" until typed in. */
export function TextFilter({ name, label, testId }: { name: string; label: string; testId: string }) {
  const { t } = useTranslation();
  return (
    <Form.Item name={name} label={label}>
      <Input allowClear placeholder={t('common.pleaseEnter')} data-testid={testId} />
    </Form.Item>
  );
}
