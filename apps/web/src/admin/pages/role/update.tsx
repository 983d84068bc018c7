import { RoleFormPage } from '../../../shared/pages/role/RoleFormPage';

export default function RoleUpdatePage() {
  return <RoleFormPage admin edit />;
}
