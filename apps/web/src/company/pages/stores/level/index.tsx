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
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { App, Button, Card, Col, Empty, Popconfirm, Row, Space, Spin, Tree, type TreeDataNode } from 'antd';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { api, apiQuery, moduleKey } from '../../../../shared/api/call';
import { useLang } from '../../../../shared/i18n/useLang';
import { usePermissions } from '../../../../shared/permissions/usePermissions';
import { LevelLabelsCard } from './LevelLabelsCard';
import { LevelNameModal, type LevelNameValues } from './LevelNameModal';

type Editing = { kind: 'add'; parent: LevelTreeNode | null } | { kind: 'rename'; node: LevelTreeNode };

export default function LevelConfigPage() {
  const { t } = useTranslation();
  const { message } = App.useApp();
  const queryClient = useQueryClient();
  const { canUse } = usePermissions();
  const editable = canUse([BUTTON.levelEdit], 'all');
  const [editing, setEditing] = useState<Editing | null>(null);
  const tree = useQuery(apiQuery(LevelEndpoints.listLevelConfig));
  const changed = async () => {
    message.success(t('level.saved'));
    // Every level read (this tree, the region cascaders' tree, stores of a level) may have changed.
    await queryClient.invalidateQueries({ queryKey: moduleKey(LevelEndpoints.listLevelConfig) });
  };
  const save = useMutation({
    mutationFn: (body: LevelConfigSaveBody) => api(LevelEndpoints.addOrUpdateLevelConfig, { body }),
    onSuccess: async () => {
      setEditing(null);
      await changed();
    },
  });
  const remove = useMutation({
    mutationFn: (id: number) => api(LevelEndpoints.deleteLevelConfig, { params: { id } }),
    onSuccess: changed,
  });
  const { english } = useLang();

  const treeData = useMemo(() => {
    const build = (node: LevelTreeNode): TreeDataNode => ({
      key: node.id,
      title: (
        <Space size="small" data-testid={`level-node-${node.id}`}>
          <span>{english && node.ename ? `${node.name} (${node.ename})` : node.name}</span>
          {editable && (
            <>
              {node.currentLevelId < MAX_LEVEL_DEPTH && (
                <Button
                  type="link"
                  size="small"
                  onClick={() => setEditing({ kind: 'add', parent: node })}
                  data-testid={`level-add-${node.id}`}
                >
                  {t('level.action.addChild')}
                </Button>
              )}
              <Button
                type="link"
                size="small"
                onClick={() => setEditing({ kind: 'rename', node })}
                data-testid={`level-rename-${node.id}`}
              >
                {t('level.action.rename')}
              </Button>
              <Popconfirm
                title={t('level.confirm.delete', { name: node.name })}
                onConfirm={() => remove.mutateAsync(node.id)}
              >
                <Button type="link" size="small" danger data-testid={`level-delete-${node.id}`}>
                  {t('level.action.delete')}
                </Button>
              </Popconfirm>
            </>
          )}
        </Space>
      ),
      children: node.childTreeDto.map(build),
    });
    return (tree.data ?? []).map(build);
  }, [tree.data, editable, english, t, remove]);

  const submit = (values: LevelNameValues) => {
    if (!editing) return Promise.resolve();
    const ename = values.ename?.trim() || undefined;
    return save.mutateAsync(
      editing.kind === 'add'
        ? { name: values.name, ename, pid: editing.parent?.id }
        : { id: editing.node.id, name: values.name, ename },
    );
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
        saving={save.isPending}
        onCancel={() => setEditing(null)}
        onSubmit={submit}
      />
    </Row>
  );
}
