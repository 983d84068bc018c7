import { Button, Space } from 'antd';

/** A form page's buttons: save (spinning while it saves) and cancel. `testId` names the save button. */
export function FormFooter({
  submitting,
  submitLabel,
  cancelLabel,
  onCancel,
  testId,
}: {
  submitting: boolean;
  submitLabel: string;
  cancelLabel: string;
  onCancel: () => void;
  testId: string;
}) {
  return (
    <Space>
      <Button type="primary" htmlType="submit" loading={submitting} data-testid={testId}>
        {submitLabel}
      </Button>
      <Button onClick={onCancel}>{cancelLabel}</Button>
    </Space>
  );
}
