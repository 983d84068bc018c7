import { UserFormPage } from '../../../shared/pages/user/UserFormPage';

export default function UserUpdatePage() {
  return <UserFormPage edit />;
}
