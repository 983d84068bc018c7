import type { Rule } from 'antd/es/form';
import { useTranslation } from 'react-i18next';

import { isBlank } from './blank';

/**
 * The form rules every form words the same way. `required` is the one "required" rule of the
 * console: the same text on every form, in the console's language. It fits every kind of field —
 * text (blank text counts as empty), numbers, selects, cascaders, multi-selects (an empty list
 * counts as empty) and switches — because it checks emptiness itself instead of antd's typed
 * `whitespace` check, which would refuse every value that is not a string.
 *
 *   const rules = useFormRules();
 *   <Form.Item name="name" rules={[rules.required, { max: 64 }]}>
 */
export function useFormRules(): { required: Rule } {
  const { t } = useTranslation();
  const message = t('common.required');
  return {
    required: {
      required: true,
      message,
      validator: (_rule, value) => (isBlank(value) ? Promise.reject(new Error(message)) : Promise.resolve()),
    },
  };
}
