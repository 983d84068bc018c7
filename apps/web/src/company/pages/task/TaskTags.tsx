/** Stage, type, priority and overdue as the task pages show them: words in the user's language, never codes. */
import {
  TASK_PRIORITY_LABELS,
  TASK_STAGE_LABELS,
  TASK_TYPE_LABELS,
  type TaskPriority,
  type TaskStage,
  type TaskType,
} from '@storefleet/contracts';
import { Tag } from 'antd';
import { useTranslation } from 'react-i18next';

import { useLang } from '@/shared/i18n/useLang';

export const STAGE_COLOR: Readonly<Record<TaskStage, string>> = {
  created: 'default',
  dispatched: 'blue',
  inProgress: 'processing',
  completed: 'cyan',
  verified: 'success',
  cancelled: 'default',
};
const PRIORITY_COLOR: Readonly<Record<TaskPriority, string>> = {
  low: 'default',
  normal: 'blue',
  high: 'orange',
  urgent: 'red',
};

export function StageTag({ stage, testId }: { stage: TaskStage; testId?: string }) {
  const { lang } = useLang();
  return (
    <Tag color={STAGE_COLOR[stage]} data-testid={testId}>
      {TASK_STAGE_LABELS[stage][lang]}
    </Tag>
  );
}

export function PriorityTag({ priority }: { priority: TaskPriority }) {
  const { lang } = useLang();
  return <Tag color={PRIORITY_COLOR[priority]}>{TASK_PRIORITY_LABELS[priority][lang]}</Tag>;
}

export function TypeText({ type }: { type: TaskType }) {
  const { lang } = useLang();
  return <>{TASK_TYPE_LABELS[type][lang]}</>;
}

export function OverdueTag({ overdue, testId }: { overdue: boolean; testId?: string }) {
  const { t } = useTranslation();
  return overdue ? (
    <Tag color="error" data-testid={testId}>
      {t('task.overdue')}
    </Tag>
  ) : null;
}

/** Select options of a label map, in the user's language. */
export function labelOptions<V extends string>(
  labels: Readonly<Record<V, { zh: string; en: string }>>,
  lang: 'zh' | 'en',
) {
  return (Object.keys(labels) as V[]).map((value) => ({ value, label: labels[value][lang] }));
}
