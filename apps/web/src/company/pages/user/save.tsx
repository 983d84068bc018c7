import { UserFormPage } from '../../../shared/pages/user/UserFormPage';

export default function UserSavePage() {
  return <UserFormPage />;
}
