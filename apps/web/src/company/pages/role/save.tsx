import { RoleFormPage } from '../../../shared/pages/role/RoleFormPage';

export default function RoleSavePage() {
  return <RoleFormPage />;
}
