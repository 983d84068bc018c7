/**
 * antd's `App` with nothing inside but a hand-over of its message, notification and modal to
 * `AppApiProvider` (app-api.tsx), which loads this chunk on the first notice or dialog.
 */
import { App } from 'antd';
import type { useAppProps } from 'antd/es/app/context';
import { useEffect } from 'react';

function HandOver({ onReady }: { onReady: (api: useAppProps) => void }) {
  const api = App.useApp();
  useEffect(() => {
    onReady(api);
  }, [api, onReady]);
  return null;
}

export default function AntdAppHolder({ onReady }: { onReady: (api: useAppProps) => void }) {
  return (
    <App component={false}>
      <HandOver onReady={onReady} />
    </App>
  );
}
