import { MoonOutlined, SunOutlined } from '@ant-design/icons';
import { Button } from 'antd';
import { useTranslation } from 'react-i18next';

import { setTheme, useThemeMode } from '../theme/theme';
import { Hint } from './Hint';

/** Switches between the dark (default) and light themes. */
export function ThemeToggle() {
  const { t } = useTranslation();
  const mode = useThemeMode();
  const label = t(mode === 'dark' ? 'shell.theme.toLight' : 'shell.theme.toDark');
  return (
    <Hint title={label}>
      <Button
        type="text"
        aria-label={label}
        icon={mode === 'dark' ? <SunOutlined /> : <MoonOutlined />}
        onClick={() => setTheme(mode === 'dark' ? 'light' : 'dark')}
        data-testid="theme-toggle"
        data-theme-mode={mode}
      />
    </Hint>
  );
}
