import { Button, Form, Modal, Progress, Select, Typography, Upload } from 'antd';
import { type ReactNode, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';

import { useScopeStores } from '../org/useScopeStores';

/** The dialog's words, in the console's language (each import has its own). */
export interface StoreFileImportTexts {
  title: string;
  submit: string;
  close: string;
  /** The store picker's label (an import into one store). */
  store?: string;
  file: string;
  pick: string;
  template: string;
  /** Under the progress bar while the file goes up, and once it is up (the server checks the rows). */
  uploading: string;
  checking: string;
}

/**
 * Where the file goes: into one store the user picks (device and inventory imports), or into the
 * company as a whole (`pickStore: false`: the store workbook, whose rows name their stores).
 */
export type ImportTarget<R> =
  | {
      pickStore?: true;
      send: (shopId: number, file: File, onProgress: (fraction: number) => void) => Promise<R>;
    }
  | { pickStore: false; send: (file: File, onProgress: (fraction: number) => void) => Promise<R> };

export type StoreFileImportDialogProps<R> = ImportTarget<R> & StoreFileImportOptions<R>;

export interface StoreFileImportOptions<R> {
  open: boolean;
  onClose: () => void;
  /**
   * `data-testid` prefix of the dialog's parts: `<testId>-form`, `-store`, `-pick`, `-submit`,
   * `-template`, `-progress`.
   */
  testId: string;
  texts: StoreFileImportTexts;
  /** After a reply (refresh the lists, say it went through). */
  onReply?: (result: R) => void;
  /** The view of the last reply (counts, rejected rows, report download), above the form. */
  renderResult: (result: R) => ReactNode;
  /** Whether the reply's view needs the wide dialog (a table of rejected rows). */
  isWide: (result: R) => boolean;
  onTemplate: () => void;
  /** Above the form (e.g. what happens to wrong rows). */
  hint?: ReactNode;
  /** More form items after the file (e.g. "check only"). */
  children?: ReactNode;
}

/**
 * The one file import block of the console: (for a device or inventory import) pick a store of the
 * caller's scope, pick an .xlsx file, submit; the upload shows its progress, then the reply's view
 * (`renderResult`) stays in the dialog, so the user can fix the file and import again, until closed.
 * The template is downloadable from inside the dialog. A failed call has already been reported by the
 * request client.
 */
export function StoreFileImportDialog<R>(props: StoreFileImportDialogProps<R>) {
  const { open, onClose, testId, texts, onReply, renderResult, isWide, onTemplate, hint, children } = props;
  const pickStore = props.pickStore !== false;
  const { t } = useTranslation();
  const stores = useScopeStores({ enabled: open && pickStore, staleTime: 5 * 60_000 });
  const [shopId, setShopId] = useState<number | null>(null);
  const [file, setFile] = useState<File | null>(null);
  const [progress, setProgress] = useState<number | null>(null);
  const [result, setResult] = useState<{ reply: R } | null>(null);
  const storeOptions = useMemo(
    () => (stores.data ?? []).map((s) => ({ value: s.shopId, label: s.storeName })),
    [stores.data],
  );
  const busy = progress !== null;

  const close = () => {
    onClose();
    setResult(null);
    setFile(null);
  };

  const ready = file !== null && (!pickStore || shopId !== null);
  const submit = async () => {
    if (file === null) return;
    const onProgress = (fraction: number) => setProgress(Math.round(fraction * 100));
    const call =
      props.pickStore === false
        ? () => props.send(file, onProgress)
        : shopId === null
          ? null
          : () => props.send(shopId, file, onProgress);
    if (call === null) return;
    setProgress(0);
    setResult(null);
    try {
      const reply = await call();
      setResult({ reply });
      onReply?.(reply);
    } catch {
      // The request client has already shown the server's message (a file it cannot read: 400).
    } finally {
      setProgress(null);
    }
  };

  return (
    <Modal
      open={open}
      title={texts.title}
      okText={texts.submit}
      okButtonProps={{
        disabled: !ready,
        loading: busy,
        'data-testid': `${testId}-submit`,
      }}
      cancelText={texts.close}
      onOk={() => void submit()}
      onCancel={close}
      width={result && isWide(result.reply) ? 820 : 560}
      destroyOnHidden
    >
      {result ? renderResult(result.reply) : null}
      {busy ? (
        <div data-testid={`${testId}-progress`} style={{ marginBottom: 16 }}>
          <Progress percent={progress} status="active" />
          <Typography.Text type="secondary">
            {progress !== null && progress >= 100 ? texts.checking : texts.uploading}
          </Typography.Text>
        </div>
      ) : null}
      {hint ? <Typography.Paragraph type="secondary">{hint}</Typography.Paragraph> : null}
      <Form layout="vertical" data-testid={`${testId}-form`}>
        {pickStore ? (
          <Form.Item label={texts.store} required>
            <Select
              showSearch
              optionFilterProp="label"
              loading={stores.isFetching}
              options={storeOptions}
              value={shopId ?? undefined}
              onChange={(value: number) => setShopId(value)}
              placeholder={t('common.pleaseSelect')}
              data-testid={`${testId}-store`}
            />
          </Form.Item>
        ) : null}
        <Form.Item label={texts.file} required>
          <Upload
            accept=".xlsx"
            maxCount={1}
            fileList={file ? [{ uid: 'picked', name: file.name, status: 'done' }] : []}
            beforeUpload={(picked) => {
              setFile(picked);
              return false;
            }}
            onRemove={() => setFile(null)}
          >
            <Button data-testid={`${testId}-pick`}>{texts.pick}</Button>
          </Upload>
        </Form.Item>
        {children}
        <Button type="link" onClick={onTemplate} data-testid={`${testId}-template`}>
          {texts.template}
        </Button>
      </Form>
    </Modal>
  );
}
