/** What the company calls each depth of its hierarchy: one editable label per level 1–3. */
import {
  BUTTON,
  type LevelLabel,
  LevelLabelEndpoints,
  type LevelLabelSaveBody,
  MAX_LEVEL_DEPTH,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { App, Card, Input } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { actionsColumn, type ListColumns, ListTable } from '@/shared/list';
import { usePermissions } from '@/shared/permissions/usePermissions';

interface Row {
  level: number;
  label: LevelLabel | undefined;
}

export function LevelLabelsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const { canUse } = usePermissions();
  const editable = canUse([BUTTON.levelLabelEdit], 'all');
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const labels = useQuery(apiQuery(LevelLabelEndpoints.listLevelLabel));
  const save = useCallMutation(LevelLabelEndpoints.addOrUpdateLevelLabel, {
    input: (body: LevelLabelSaveBody) => ({ body }),
    successMessage: t('level.saved'),
  });
  const remove = useCallMutation(LevelLabelEndpoints.deleteLevelLabel, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('level.saved'),
  });
  const saveLabel = (row: Row) => {
    const text = (drafts[row.level] ?? row.label?.label ?? '').trim();
    if (!text) {
      void message.error(t('level.labels.required'));
      return;
    }
    return save.mutateAsync(
      row.label ? { id: row.label.id, label: text } : { label: text, level: row.level },
    );
  };

  const rows: Row[] = Array.from({ length: MAX_LEVEL_DEPTH }, (_, i) => ({
    level: i + 1,
    label: labels.data?.find((l) => l.level === i + 1),
  }));
  const columns: ListColumns<Row> = [
    { key: 'level', dataIndex: 'level', title: t('level.labels.level'), width: 80 },
    {
      key: 'label',
      title: t('level.labels.label'),
      render: (_, row) =>
        editable ? (
          <Input
            value={drafts[row.level] ?? row.label?.label ?? ''}
            placeholder={t(`level.depth.${row.level}`)}
            onChange={(e) => setDrafts((d) => ({ ...d, [row.level]: e.target.value }))}
            maxLength={32}
            data-testid={`level-label-input-${row.level}`}
          />
        ) : (
          (row.label?.label ?? '—')
        ),
    },
    actionsColumn<Row>({
      title: t('level.column.actions'),
      fixed: false,
      actions: (row) => [
        {
          key: 'save',
          label: t('level.action.save'),
          codes: [BUTTON.levelLabelEdit],
          onClick: () => saveLabel(row),
          testId: `level-label-save-${row.level}`,
        },
        {
          key: 'delete',
          label: t('level.action.delete'),
          codes: [BUTTON.levelLabelEdit],
          hidden: !row.label,
          danger: true,
          confirm: t('level.labels.confirmDelete'),
          onClick: () => remove.mutateAsync(row.label?.id ?? 0),
          testId: `level-label-delete-${row.level}`,
        },
      ],
    }),
  ];
  return (
    <Card title={t('level.labels.title')}>
      <ListTable<Row>
        rowKey="level"
        columns={columns}
        dataSource={rows}
        pagination={false}
        loading={labels.isFetching}
        size="small"
        data-testid="level-labels-table"
      />
    </Card>
  );
}
