/**
 * Agent versions (admin console, issue 14): every version package, newest first; mark one current,
 * delete one no upgrade used; upload a new one on new.html.
 */
import { BUTTON, type Version, VersionEndpoints } from '@storefleet/contracts';
import { Button, Card, Popconfirm, Space, Tooltip } from 'antd';
import { useCallback } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';

import { useVersionPage, VersionTable } from '@/company/pages/version/VersionTable';
import { useCallMutation } from '@/shared/api/useCallMutation';
import { usePermissions } from '@/shared/permissions/usePermissions';

export default function AgentVersionPage() {
  const { t } = useTranslation();
  const page = useVersionPage();
  const canManage = usePermissions().canUse([BUTTON.versionUpload]);
  const setCurrent = useCallMutation(VersionEndpoints.versionSetCurrent, {
    input: (v: Version) => ({ body: { id: v.id } }),
    successMessage: (_result, v) => t('version.markedCurrent', { number: v.number }),
  });
  const remove = useCallMutation(VersionEndpoints.versionDelete, {
    input: (v: Version) => ({ body: { id: v.id } }),
    successMessage: t('version.deleted'),
  });
  const actions = useCallback(
    (v: Version) => (
      <Space size={4}>
        <Button
          type="link"
          size="small"
          disabled={v.current}
          onClick={() => setCurrent.mutate(v)}
          data-testid={`version-current-${v.number}`}
        >
          {t('version.action.setCurrent')}
        </Button>
        <Tooltip title={v.current || v.runCount > 0 ? t('version.deleteHint') : undefined}>
          <Popconfirm
            title={t('version.confirmDelete', { number: v.number })}
            onConfirm={() => remove.mutateAsync(v)}
            disabled={v.current || v.runCount > 0}
          >
            <Button type="link" size="small" danger disabled={v.current || v.runCount > 0}>
              {t('version.action.delete')}
            </Button>
          </Popconfirm>
        </Tooltip>
      </Space>
    ),
    [t, setCurrent, remove],
  );
  return (
    <Card
      title={t('version.versions')}
      extra={
        canManage ? (
          <Link to="new.html">
            <Button type="primary" data-testid="version-upload">
              {t('version.action.upload')}
            </Button>
          </Link>
        ) : null
      }
    >
      <VersionTable page={page} actions={canManage ? actions : undefined} />
    </Card>
  );
}
