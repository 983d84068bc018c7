import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

import { TextField } from '@/shared/form';
import type { DeviceFormValues } from './device-form-values';

/** A text field of the device form, labelled and test-named by its field. */
export function DeviceTextField({
  name,
  rules,
  max,
}: {
  name: keyof DeviceFormValues;
  rules?: Rule[];
  max?: number;
}) {
  const { t } = useTranslation();
  return (
    <TextField
      name={name}
      label={t(`device.field.${name}`)}
      {...(rules ? { rules } : {})}
      {...(max ? { max } : {})}
      testId={`device-form-${name}`}
    />
  );
}
