import { Tag } from 'antd';
import { useMemo } from 'react';
import { useDictionaryQuery } from '../device/usePropertyTypes';
import { useLang } from '../i18n/useLang';
import { type LevelOption, levelColor, levelName, levelOptions } from './alert-level';

/** The ALERTPRIORITY levels in the console's language (shared cache with every other dictionary user). */
export function useAlertLevels(): { options: LevelOption[]; loading: boolean; pending: boolean } {
  const query = useDictionaryQuery('ALERTPRIORITY');
  const { english } = useLang();
  const options = useMemo(() => levelOptions(query.data ?? [], english), [query.data, english]);
  return { options, loading: query.isFetching, pending: query.isPending };
}

export interface AlertLevelTagProps {
  level: number;
  /** The name the server gave, used while the dictionary has not loaded or does not know the level. */
  fallback?: string | null;
  'data-testid'?: string;
}

/** A level as a coloured tag with its name (an ellipsis while the names load and none is given). */
export function AlertLevelTag({ level, fallback, ...rest }: AlertLevelTagProps) {
  const { options, pending } = useAlertLevels();
  return (
    <Tag color={levelColor(level)} data-testid={rest['data-testid']}>
      {pending && !fallback ? '…' : levelName(level, options, fallback)}
    </Tag>
  );
}
