/**
 * /task/task-list.html: the company's tasks in the user's scope (a common user: the tasks assigned to
 * it), newest first, with filters (stage, type, priority, assignee, region/store, due range, overdue
 * only) kept in the URL, the overdue flag, and the stage actions each user may take; "New task" opens
 * the save page.
 */
import { BUTTON, TaskEndpoints as E } from '@storefleet/contracts';
import { Button, Space } from 'antd';
import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';

import { fromHere } from '@/shared/form/return-to';
import { ListFilterForm, useListPage } from '@/shared/list';
import { Access } from '@/shared/permissions/Access';
import { useTaskFilterFields } from './TaskFilterFields';
import { TaskTable } from './TaskTable';
import { TASK_FILTERS, taskFiltersFromForm, taskFormValues, taskListQuery } from './task-query';

export default function TaskListPage() {
  const { t } = useTranslation();
  const location = useLocation();
  const list = useListPage({
    endpoint: E.taskList,
    filters: TASK_FILTERS,
    rowKey: 'id',
    toQuery: taskListQuery,
  });
  const fields = useTaskFilterFields({ withStage: true });
  return (
    <div data-testid="task-list">
      <ListFilterForm list={list} toFormValues={taskFormValues} fromFormValues={taskFiltersFromForm}>
        {fields}
      </ListFilterForm>
      <Space style={{ marginBottom: 16 }}>
        <Access codes={[BUTTON.taskAdd]}>
          <Link to="/task/save.html" state={fromHere(location)}>
            <Button type="primary" data-testid="task-new">
              {t('task.action.new')}
            </Button>
          </Link>
        </Access>
      </Space>
      <TaskTable tableProps={list.tableProps} testId="task-table" />
    </div>
  );
}
