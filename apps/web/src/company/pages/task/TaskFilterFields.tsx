/** The filter fields of the task list and stages pages (inside `<ListFilterForm>`). */
import { TASK_PRIORITY_LABELS, TASK_STAGE_LABELS, TASK_TYPE_LABELS } from '@storefleet/contracts';
import { DatePicker, Form, Input, Select, Switch, TreeSelect } from 'antd';
import { useTranslation } from 'react-i18next';

import { useLang } from '@/shared/i18n/useLang';
import { AssigneeSelect } from './AssigneeSelect';
import { labelOptions } from './TaskTags';
import { useAssignees } from './useAssignees';
import { useTaskPlaces } from './useTaskPlaces';

/** The fields, as an array so ListFilterForm lays each out in its own grid column. */
export function useTaskFilterFields({ withStage }: { withStage: boolean }) {
  const { t } = useTranslation();
  const { lang } = useLang();
  const places = useTaskPlaces();
  const assignees = useAssignees();
  const select = { allowClear: true, placeholder: t('common.pleaseSelect') };
  return [
    <Form.Item key="keyword" name="keyword" label={t('task.filter.keyword')}>
      <Input allowClear data-testid="task-filter-keyword" />
    </Form.Item>,
    ...(withStage
      ? [
          <Form.Item key="stage" name="stage" label={t('task.filter.stage')}>
            <Select
              {...select}
              mode="multiple"
              options={labelOptions(TASK_STAGE_LABELS, lang)}
              data-testid="task-filter-stage"
            />
          </Form.Item>,
        ]
      : []),
    <Form.Item key="type" name="type" label={t('task.column.type')}>
      <Select {...select} options={labelOptions(TASK_TYPE_LABELS, lang)} data-testid="task-filter-type" />
    </Form.Item>,
    <Form.Item key="priority" name="priority" label={t('task.column.priority')}>
      <Select
        {...select}
        options={labelOptions(TASK_PRIORITY_LABELS, lang)}
        data-testid="task-filter-priority"
      />
    </Form.Item>,
    <Form.Item key="assigneeId" name="assigneeId" label={t('task.column.assignee')}>
      <AssigneeSelect {...select} assignees={assignees} data-testid="task-filter-assignee" />
    </Form.Item>,
    <Form.Item key="areaId" name="areaId" label={t('task.filter.region')}>
      <TreeSelect {...select} treeData={places.regions} treeNodeFilterProp="title" showSearch />
    </Form.Item>,
    <Form.Item key="shopId" name="shopId" label={t('task.filter.store')}>
      <Select {...select} showSearch optionFilterProp="label" options={places.stores} />
    </Form.Item>,
    <Form.Item key="due" name="due" label={t('task.filter.due')}>
      <DatePicker.RangePicker allowEmpty={[true, true]} />
    </Form.Item>,
    <Form.Item key="overdue" name="overdue" label={t('task.filter.overdueOnly')} valuePropName="checked">
      <Switch data-testid="task-filter-overdue" />
    </Form.Item>,
  ];
}
