import { Button, Col, Space } from 'antd';
import { useTranslation } from 'react-i18next';

import { FILTER_COL } from '../grid';

/** The filter form's last cell: Search submits the form, Reset clears the filters. */
export function FilterButtons({ onReset }: { onReset: () => void }) {
  const { t } = useTranslation();
  return (
    <Col {...FILTER_COL}>
      <Space>
        <Button type="primary" htmlType="submit" data-testid="list-search">
          {t('common.search')}
        </Button>
        <Button htmlType="button" data-testid="list-reset" onClick={onReset}>
          {t('common.reset')}
        </Button>
      </Space>
    </Col>
  );
}
