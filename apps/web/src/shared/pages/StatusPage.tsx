import { CloseCircleFilled, InfoCircleFilled } from '@ant-design/icons';
import { theme } from 'antd';
import type { ReactNode } from 'react';

/**
 * A page-sized status message (not found, no access, an error, nothing to show): what antd's `Result`
 * shows, without its three SVG illustrations, which `Result` always bundles (≈ 10 KB gzipped in
 * start-up, where the not-found and error pages must live: docs/decisions/web.md "What loads when").
 * 404 and 403 show their code in large type where `Result` draws a picture; error and info show the
 * same icons as `Result`.
 */
export function StatusPage({
  status,
  title,
  subTitle,
  extra,
  'data-testid': testId,
}: {
  status: '404' | '403' | 'error' | 'info';
  title: ReactNode;
  subTitle?: ReactNode;
  extra?: ReactNode;
  'data-testid'?: string;
}) {
  const { token } = theme.useToken();
  const figure =
    status === 'error' ? (
      <CloseCircleFilled style={{ fontSize: 72, color: token.colorError }} />
    ) : status === 'info' ? (
      <InfoCircleFilled style={{ fontSize: 72, color: token.colorInfo }} />
    ) : (
      <span
        aria-hidden
        style={{ fontSize: 96, lineHeight: 1, fontWeight: 600, color: token.colorTextQuaternary }}
      >
        {status}
      </span>
    );
  return (
    <div data-testid={testId} style={{ padding: '48px 32px', textAlign: 'center' }}>
      <div style={{ marginBottom: 24 }}>{figure}</div>
      <div style={{ color: token.colorTextHeading, fontSize: token.fontSizeHeading3, lineHeight: 1.8 }}>
        {title}
      </div>
      {subTitle && (
        <div style={{ color: token.colorTextDescription, fontSize: token.fontSize, lineHeight: 1.6 }}>
          {subTitle}
        </div>
      )}
      {extra && <div style={{ marginTop: 24 }}>{extra}</div>}
    </div>
  );
}
