import { Button } from 'antd';
import { Link, useLocation } from 'react-router';

import { fromHere } from '../form/return-to';
import { Access } from '../permissions/Access';

/**
 * The list page's add button above the table: behind its button code, a link to the add page that
 * remembers the list (`fromHere`), so the form returns to it.
 */
export function ListAddButton({
  code,
  to,
  label,
  testId,
}: {
  code: string;
  to: string;
  label: string;
  testId: string;
}) {
  const location = useLocation();
  return (
    <Access codes={[code]}>
      <div style={{ marginBottom: 16 }}>
        <Link to={to} state={fromHere(location)}>
          <Button type="primary" data-testid={testId}>
            {label}
          </Button>
        </Link>
      </div>
    </Access>
  );
}
