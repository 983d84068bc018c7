import { Form, Input } from 'antd';
import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

import { FormCol } from './FormCard';

/** A one-line text field in its `FormCard` column: cleared with a click, at most `max` characters. */
export function TextField({
  name,
  label,
  rules = [],
  max = 128,
  testId,
}: {
  name: string;
  label: string;
  rules?: Rule[];
  max?: number;
  testId?: string;
}) {
  const { t } = useTranslation();
  return (
    <FormCol>
      <Form.Item name={name} label={label} rules={rules}>
        <Input allowClear maxLength={max} placeholder={t('common.pleaseEnter')} data-testid={testId} />
      </Form.Item>
    </FormCol>
  );
}
