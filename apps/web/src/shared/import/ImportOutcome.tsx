import { Alert, type AlertProps, Button } from 'antd';
import type { ReactNode } from 'react';

import { type ListColumns, ListTable } from '../list';

/**
 * What an import said, shown in its dialog above the form: a summary with the report to download
 * (when there is one), then the rejected rows' problems, if any. Device and inventory imports alike.
 */
export function ImportOutcome<P extends { key: string | number }>({
  type,
  title,
  download,
  problems,
}: {
  type: AlertProps['type'];
  title: ReactNode;
  /** The report's button: its label and `data-testid`; none when there is no report. */
  download: { label: string; testId: string; onClick: () => void } | null;
  /** The rejected rows' problems (none: no table). */
  problems: {
    rows: readonly P[];
    columns: ListColumns<P>;
    pageSize: number;
    testId?: string;
    onRow?: (row: P) => object;
  } | null;
}) {
  return (
    <>
      <Alert
        showIcon
        type={type}
        title={title}
        action={
          download ? (
            <Button size="small" onClick={download.onClick} data-testid={download.testId}>
              {download.label}
            </Button>
          ) : null
        }
        style={{ marginBottom: 12 }}
      />
      {problems ? (
        <ListTable<P>
          size="small"
          rowKey="key"
          dataSource={[...problems.rows]}
          pagination={{ pageSize: problems.pageSize, hideOnSinglePage: true, showSizeChanger: false }}
          {...(problems.onRow ? { onRow: problems.onRow } : {})}
          columns={problems.columns}
          {...(problems.testId ? { 'data-testid': problems.testId } : {})}
        />
      ) : null}
    </>
  );
}
