import { UserListPage } from '../../../shared/pages/user/UserListPage';

export default function UserIndexPage() {
  return <UserListPage admin />;
}
