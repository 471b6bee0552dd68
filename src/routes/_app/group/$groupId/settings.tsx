// '/group/{id}/settings' (issue #28 items 1-2; docs/product.md §11 'Roles'): a group's settings,
// GroupAdminPage (../../../-group-admin.tsx): every member sees its details, members and "Leave";
// an admin also administers it. A temporary id of a group made here is a valid address, as on the
// group's page. The texts come with the route (src/i18n/load-group-texts.ts).
import { createFileRoute } from '@tanstack/react-router';
import { loadGroupTexts } from '../../../../i18n/load-group-texts';
import { GroupAdminPage } from '../../../-group-admin';
import { parseLocalIdParam } from '../../lists/-list-params';

export const Route = createFileRoute('/_app/group/$groupId/settings')({
  // An id that is not one fails route validation: page-not-found (docs/product.md §2, §8).
  beforeLoad: ({ params }) => void parseLocalIdParam(params.groupId),
  loader: loadGroupTexts,
  component: GroupSettingsScreen,
});

function GroupSettingsScreen() {
  return <GroupAdminPage groupId={parseLocalIdParam(Route.useParams().groupId)} />;
}
