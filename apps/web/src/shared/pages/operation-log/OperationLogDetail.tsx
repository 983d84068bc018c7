import type { OperationLog } from '@storefleet/contracts';
import { Descriptions, Typography } from 'antd';
import { useTranslation } from 'react-i18next';

const pre = { margin: 0, whiteSpace: 'pre-wrap', wordBreak: 'break-all' } as const;

/** The expanded row: handler, HTTP status, masked request data and error, all shown as plain text. */
export function OperationLogDetail({ row }: { row: OperationLog }) {
  const { t } = useTranslation();
  return (
    <Descriptions column={1} size="small" bordered>
      <Descriptions.Item label={t('operationLog.detail.classMethod')}>
        <Typography.Text code>{row.classMethod}</Typography.Text>
      </Descriptions.Item>
      <Descriptions.Item label={t('operationLog.detail.httpStatus')}>{row.status}</Descriptions.Item>
      <Descriptions.Item label={t('operationLog.detail.reqData')}>
        <pre style={pre}>{row.reqData}</pre>
      </Descriptions.Item>
      {row.errorMsg !== null && (
        <Descriptions.Item label={t('operationLog.column.errorMsg')}>
          <Typography.Text type="danger">{row.errorMsg}</Typography.Text>
        </Descriptions.Item>
      )}
    </Descriptions>
  );
}
