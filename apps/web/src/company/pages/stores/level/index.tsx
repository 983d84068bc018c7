/**
 * Level configuration: the company's region → province → city tree (add a lower level, rename,
 * delete; the server refuses deleting a node that still has lower levels or stores and says which),
 * and the level labels. No drag and drop: a node keeps its place.
 */
import {
  BUTTON,
  type LevelConfigSaveBody,
  LevelEndpoints,
  type LevelTreeNode,
  MAX_LEVEL_DEPTH,
} from '@storefleet/contracts';
import { useQuery } from '@tanstack/react-query';
import { Button, Card, Col, Empty, Row, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { apiQuery } from '@/shared/api/call';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { useLang } from '@/shared/i18n/useLang';
import { RowActions } from '@/shared/list';
import { usePermissions } from '@/shared/permissions/usePermissions';
import { LevelLabelsCard } from './LevelLabelsCard';
import { LevelNameModal, type LevelNameValues } from './LevelNameModal';

type Editing = { kind: 'add'; parent: LevelTreeNode | null } | { kind: 'rename'; node: LevelTreeNode };

export default function LevelConfigPage() {
  const { t } = useTranslation();
  const { english } = useLang();
  const { canUse } = usePermissions();
  const editable = canUse([BUTTON.levelEdit], 'all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const tree = useQuery(apiQuery(LevelEndpoints.listLevelConfig));
  // Every level read (this tree, the region cascaders' tree, stores of a level) is of the level module.
  const save = useCallMutation(LevelEndpoints.addOrUpdateLevelConfig, {
    input: (body: LevelConfigSaveBody) => ({ body }),
    successMessage: t('level.saved'),
  });
  const remove = useCallMutation(LevelEndpoints.deleteLevelConfig, {
    input: (id: number) => ({ params: { id } }),
    successMessage: t('level.saved'),
  });

  const treeData = useMemo(() => {
    const build = (node: LevelTreeNode): TreeDataNode => ({
      key: node.id,
      title: (
        <Space size="small" data-testid={`level-node-${node.id}`}>
          <span>{english && node.ename ? `${node.name} (${node.ename})` : node.name}</span>
          <RowActions
            actions={[
              {
                key: 'addChild',
                label: t('level.action.addChild'),
                codes: [BUTTON.levelEdit],
                hidden: node.currentLevelId >= MAX_LEVEL_DEPTH,
                onClick: () => setEditing({ kind: 'add', parent: node }),
                testId: `level-add-${node.id}`,
              },
              {
                key: 'rename',
                label: t('level.action.rename'),
                codes: [BUTTON.levelEdit],
                onClick: () => setEditing({ kind: 'rename', node }),
                testId: `level-rename-${node.id}`,
              },
              {
                key: 'delete',
                label: t('level.action.delete'),
                codes: [BUTTON.levelEdit],
                danger: true,
                confirm: t('level.confirm.delete', { name: node.name }),
                onClick: () => remove.mutateAsync(node.id),
                testId: `level-delete-${node.id}`,
              },
            ]}
          />
        </Space>
      ),
      children: node.childTreeDto.map(build),
    });
    return (tree.data ?? []).map(build);
  }, [tree.data, english, t, remove]);

  const submit = async (values: LevelNameValues) => {
    if (!editing) return;
    const ename = values.ename?.trim() || undefined;
    await save.mutateAsync(
      editing.kind === 'add'
        ? { name: values.name, ename, pid: editing.parent?.id }
        : { id: editing.node.id, name: values.name, ename },
    );
    setEditing(null);
  };

  return (
    <Row gutter={[16, 16]}>
      <Col xs={24} lg={14}>
        <Card
          title={t('level.tree.title')}
          extra={
            editable && (
              <Button
                type="primary"
                onClick={() => setEditing({ kind: 'add', parent: null })}
                data-testid="level-add-region"
              >
                {t('level.action.addRegion')}
              </Button>
            )
          }
        >
          {tree.isLoading ? (
            <Spin />
          ) : treeData.length === 0 ? (
            <Empty description={t('level.tree.empty')} />
          ) : (
            <Tree
              treeData={treeData}
              defaultExpandAll
              selectable={false}
              blockNode
              data-testid="level-tree"
            />
          )}
        </Card>
      </Col>
      <Col xs={24} lg={10}>
        <LevelLabelsCard />
      </Col>
      <LevelNameModal
        open={editing !== null}
        title={
          editing?.kind === 'rename'
            ? t('level.modal.rename')
            : editing?.parent
              ? t('level.modal.addChild', { name: editing.parent.name })
              : t('level.modal.addRegion')
        }
        {...(editing?.kind === 'rename'
          ? { initial: { name: editing.node.name, ename: editing.node.ename ?? '' } }
          : {})}
        submitting={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={submit}
      />
    </Row>
  );
}
