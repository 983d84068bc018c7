import { Select, type SelectProps } from 'antd';

import type { useAssignees } from './useAssignees';

/**
 * The assignee picker (task form, task filters, pending devices): the company's active common users,
 * searched by name. The page loads `assignees` itself, so the list is there before the picker opens.
 */
export function AssigneeSelect({
  assignees,
  ...props
}: { assignees: ReturnType<typeof useAssignees> } & Omit<SelectProps, 'options' | 'loading'>) {
  return (
    <Select
      allowClear
      showSearch
      optionFilterProp="label"
      loading={assignees.loading}
      options={assignees.options}
      {...props}
    />
  );
}
