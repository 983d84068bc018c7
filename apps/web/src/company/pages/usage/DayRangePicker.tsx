import { DatePicker } from 'antd';
import dayjs from 'dayjs';

import type { DayRange } from './date-range';

const DAY = 'YYYY-MM-DD';

export interface DayRangePickerProps {
  value?: DayRange | null;
  onChange?: (value: DayRange | undefined) => void;
  allowClear?: boolean;
  /** Set by antd's Form.Item, so its label names the field. */
  id?: string;
  'data-testid'?: string;
}

/** A range of days held as YYYY-MM-DD text (what the URL and the calls carry); today is the last pickable day. */
export function DayRangePicker({ value, onChange, allowClear = true, ...rest }: DayRangePickerProps) {
  return (
    <DatePicker.RangePicker
      {...(rest.id ? { id: rest.id } : {})}
      allowClear={allowClear}
      value={value ? [dayjs(value[0], DAY), dayjs(value[1], DAY)] : null}
      disabledDate={(day) => day.isAfter(dayjs(), 'day')}
      onChange={(next) => {
        const [start, end] = next ?? [];
        onChange?.(start && end ? [start.format(DAY), end.format(DAY)] : undefined);
      }}
      data-testid={rest['data-testid']}
    />
  );
}
