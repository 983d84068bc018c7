/**
 * /task/task-stages.html: how many tasks are in each stage (and how many of them are overdue) as cards,
 * under the same filters as the list; a card chosen lists the tasks of that stage below it.
 */
import { TaskEndpoints as E, TASK_STAGE_LABELS, TaskStage } from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Card, Col, Row, Typography, theme } from 'antd';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useLang } from '@/shared/i18n/useLang';
import { ListFilterForm, useListPage } from '@/shared/list';
import { useTaskFilterFields } from './TaskFilterFields';
import { TaskTable } from './TaskTable';
import { StageTag } from './TaskTags';
import {
  TASK_FILTERS,
  taskFilterQuery,
  taskFiltersFromForm,
  taskFormValues,
  taskListQuery,
} from './task-query';

export default function TaskStagesPage() {
  const { t } = useTranslation();
  const { lang } = useLang();
  const { token } = theme.useToken();
  const list = useListPage({
    endpoint: E.taskList,
    filters: TASK_FILTERS,
    rowKey: 'id',
    toQuery: taskListQuery,
  });
  const fields = useTaskFilterFields({ withStage: false });
  const counts = useQuery(apiQuery(E.taskStageCounts, { query: taskFilterQuery(list.filters) }));
  const chosen = list.filters.stage?.length === 1 ? (list.filters.stage[0] as TaskStage) : null;
  const countOf = (stage: TaskStage) => counts.data?.find((c) => c.stage === stage);

  return (
    <div data-testid="task-stages">
      <ListFilterForm list={list} toFormValues={taskFormValues} fromFormValues={taskFiltersFromForm}>
        {fields}
      </ListFilterForm>
      <Row gutter={[16, 16]} style={{ marginBottom: 16 }}>
        {TaskStage.options.map((stage) => {
          const count = countOf(stage);
          return (
            <Col key={stage} xs={12} md={8} xl={4}>
              <Card
                hoverable
                size="small"
                loading={counts.isLoading}
                onClick={() =>
                  list.setFilters({ ...list.filters, stage: chosen === stage ? undefined : [stage] })
                }
                style={chosen === stage ? { borderColor: token.colorPrimary } : undefined}
                data-testid={`task-stage-card-${stage}`}
              >
                <StageTag stage={stage} />
                <Typography.Title
                  level={3}
                  style={{ margin: '8px 0' }}
                  data-testid={`task-stage-count-${stage}`}
                >
                  {count?.count ?? 0}
                </Typography.Title>
                <Typography.Text
                  type={count && count.overdue > 0 ? 'danger' : 'secondary'}
                  data-testid={`task-stage-overdue-${stage}`}
                >
                  {t('task.stages.overdue', { count: count?.overdue ?? 0 })}
                </Typography.Text>
              </Card>
            </Col>
          );
        })}
      </Row>
      {chosen ? (
        <Typography.Title level={5}>
          {t('task.stages.tasksOf', { stage: TASK_STAGE_LABELS[chosen][lang] })}
        </Typography.Title>
      ) : null}
      <TaskTable tableProps={list.tableProps} testId="task-stage-table" />
    </div>
  );
}
