import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';

import type { DurationWords } from '@/shared/format/units';

/** The words of a duration (uptime) in the reader's language, for the formatting module. */
export function useDurationWords(): DurationWords {
  const { t } = useTranslation();
  return useMemo(
    () => ({
      days: (count: number) => t('device.unit.days', { count }),
      hours: (count: number) => t('device.unit.hours', { count }),
      minutes: (count: number) => t('device.unit.minutes', { count }),
    }),
    [t],
  );
}
