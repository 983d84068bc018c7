import { RoleListPage } from '../../../shared/pages/role/RoleListPage';

export default function RoleIndexPage() {
  return <RoleListPage />;
}
