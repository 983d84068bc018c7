/**
 * The alert overview's export: the filtered records, in the list's order, as one .xlsx sheet with
 * headers in the caller's language. Device data is attacker input: every text cell goes through the
 * house's formula escaping (`inertCell`, shared with the device import report). At most
 * EXPORT_LIMIT rows (the newest, open first); a wider filter is refused with 400 so a file never
 * silently misses records.
 */
import { type AlertRecord, type AlertRecordFilter, type Lang, nameIn } from '@storefleet/contracts';

import type { Scope } from '../../auth/caller';
import type { AppContext } from '../../context';
import { inertCell } from '../../files/inert-cell';
import { loadExcel } from '../../files/spreadsheet-upload';
import { invalid } from '../../http/errors';
import { type FileReply, fileReply } from '../../http/file-reply';
import { toAlertRecord } from './alert-record-view';
import { listAlertRecordRows } from './alert-records.repository';
import { alertRecordCriteria } from './alert-records.service';
import { levelNames } from './alert-rules.service';

export const EXPORT_LIMIT = 10_000;
const XLSX = 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';

const COLUMNS: ReadonlyArray<{
  header: { zh: string; en: string };
  width: number;
  cell: (r: AlertRecord, lang: Lang) => string | number | null;
}> = [
  { header: { zh: '告警时间', en: 'Alert time' }, width: 20, cell: (r) => r.alertTime },
  { header: { zh: '告警名称', en: 'Alert' }, width: 28, cell: (r) => r.name },
  { header: { zh: '告警级别', en: 'Level' }, width: 12, cell: (r) => r.severityName },
  {
    header: { zh: '状态', en: 'Status' },
    width: 10,
    cell: (r, lang) =>
      r.closedBy !== null
        ? lang === 'zh'
          ? '已关闭'
          : 'Closed'
        : r.status === 0
          ? lang === 'zh'
            ? '未恢复'
            : 'Unresolved'
          : lang === 'zh'
            ? '已恢复'
            : 'Recovered',
  },
  { header: { zh: '恢复时间', en: 'Recovery time' }, width: 20, cell: (r) => r.recoveryTime },
  { header: { zh: '门店', en: 'Store' }, width: 24, cell: (r) => r.shopName },
  { header: { zh: '设备名称', en: 'Device' }, width: 24, cell: (r) => r.deviceName },
  { header: { zh: '资产编号', en: 'Asset no.' }, width: 16, cell: (r) => r.assetNo },
  { header: { zh: '型号', en: 'Model' }, width: 16, cell: (r) => r.model },
  {
    header: { zh: '大类', en: 'Category' },
    width: 14,
    cell: (r, lang) => r.categoryName && nameIn(lang, r.categoryName, r.categoryNameEn),
  },
  {
    header: { zh: '小类', en: 'Class' },
    width: 14,
    cell: (r, lang) => r.className && nameIn(lang, r.className, r.classNameEn),
  },
  { header: { zh: '触发值', en: 'Value' }, width: 10, cell: (r) => r.value },
  { header: { zh: '确认人', en: 'Acknowledged by' }, width: 14, cell: (r) => r.acknowledgedBy },
  { header: { zh: '确认时间', en: 'Acknowledged at' }, width: 20, cell: (r) => r.acknowledgedAt },
  { header: { zh: '确认备注', en: 'Note' }, width: 30, cell: (r) => r.ackNote },
  { header: { zh: '关闭人', en: 'Closed by' }, width: 14, cell: (r) => r.closedBy },
];

/** The filtered records as an .xlsx download. */
export async function exportAlertRecords(
  ctx: AppContext,
  scope: Scope,
  filter: AlertRecordFilter,
  lang: Lang = 'zh',
): Promise<FileReply> {
  const criteria = alertRecordCriteria(filter);
  const [{ rows, total }, levels] = await Promise.all([
    listAlertRecordRows(ctx.db, scope, criteria, { limit: EXPORT_LIMIT, offset: 0 }),
    levelNames(ctx),
  ]);
  if (total > EXPORT_LIMIT) {
    throw invalid('startTime', {
      zh: `筛选结果有 ${total} 条，超过导出上限 ${EXPORT_LIMIT} 条；请缩小时间范围或增加筛选条件`,
      en: `matches ${total} records, more than the export limit of ${EXPORT_LIMIT}; narrow the time range or add filters`,
    });
  }
  const { Workbook } = await loadExcel();
  const workbook = new Workbook();
  const sheet = workbook.addWorksheet(lang === 'zh' ? '告警记录' : 'Alert records');
  sheet.columns = COLUMNS.map((c, i) => ({ key: String(i), width: c.width }));
  sheet.addRow(COLUMNS.map((c) => c.header[lang])).font = { bold: true };
  for (const row of rows) {
    const record = toAlertRecord(row, levels, lang);
    sheet.addRow(
      COLUMNS.map((c) => {
        const value = c.cell(record, lang);
        return typeof value === 'string' ? inertCell(value) : value;
      }),
    );
  }
  sheet.views = [{ state: 'frozen', ySplit: 1 }];
  const bytes = Buffer.from(await workbook.xlsx.writeBuffer());
  return fileReply(bytes, XLSX, lang === 'zh' ? '告警记录.xlsx' : 'alert-records.xlsx');
}
