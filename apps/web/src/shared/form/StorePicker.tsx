import { Select, type SelectProps } from 'antd';

/**
 * Stores to choose, several, searched by their label. A form field's control: the form gives it
 * `value` and `onChange`; the caller gives the options and their loading state.
 */
export function StorePicker(props: Omit<SelectProps, 'mode' | 'allowClear' | 'showSearch'>) {
  return <Select mode="multiple" allowClear showSearch={{ optionFilterProp: 'label' }} {...props} />;
}
