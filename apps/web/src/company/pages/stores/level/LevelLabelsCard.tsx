/** What the company calls each depth of its hierarchy: one editable label per level 1–3. */
import {
  BUTTON,
  type LevelLabel,
  LevelLabelEndpoints,
  type LevelLabelSaveBody,
  MAX_LEVEL_DEPTH,
} from '@storefleet/contracts';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Input, Popconfirm, Space, Table, type TableColumnsType } from 'antd';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery, endpointKey } from '../../../../shared/api/call';
import { usePermissions } from '../../../../shared/permissions/usePermissions';

interface Row {
  level: number;
  label: LevelLabel | undefined;
}

export function LevelLabelsCard() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { canUse } = usePermissions();
  const editable = canUse([BUTTON.levelLabelEdit], 'all');
  const [drafts, setDrafts] = useState<Record<number, string>>({});
  const labels = useQuery(apiQuery(LevelLabelEndpoints.listLevelLabel));
  const done = async () => {
    message.success(t('level.saved'));
    // Labels share the `level` module with the tree; only the labels changed.
    await queryClient.invalidateQueries({ queryKey: endpointKey(LevelLabelEndpoints.listLevelLabel) });
  };
  const save = useMutation({
    mutationFn: (body: LevelLabelSaveBody) => api(LevelLabelEndpoints.addOrUpdateLevelLabel, { body }),
    onSuccess: done,
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(LevelLabelEndpoints.deleteLevelLabel, { params: { id } }),
    onSuccess: done,
  });

  const rows: Row[] = Array.from({ length: MAX_LEVEL_DEPTH }, (_, i) => ({
    level: i + 1,
    label: labels.data?.find((l) => l.level === i + 1),
  }));
  const columns: TableColumnsType<Row> = [
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
    {
      key: 'actions',
      title: t('level.column.actions'),
      width: 160,
      render: (_, row) =>
        editable && (
          <Space size="small">
            <Button
              type="link"
              size="small"
              data-testid={`level-label-save-${row.level}`}
              onClick={() => {
                const text = (drafts[row.level] ?? row.label?.label ?? '').trim();
                if (!text) {
                  message.error(t('level.labels.required'));
                  return;
                }
                save.mutate(
                  row.label ? { id: row.label.id, label: text } : { label: text, level: row.level },
                );
              }}
            >
              {t('level.action.save')}
            </Button>
            {row.label && (
              <Popconfirm
                title={t('level.labels.confirmDelete')}
                onConfirm={() => remove.mutateAsync(row.label?.id ?? 0)}
              >
                <Button type="link" size="small" danger data-testid={`level-label-delete-${row.level}`}>
                  {t('level.action.delete')}
                </Button>
              </Popconfirm>
            )}
          </Space>
        ),
    },
  ];
  return (
    <Card title={t('level.labels.title')}>
      <Table<Row>
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
