/** /follows: the sites a member follows; signed-out visitors go to /. */
import { Navigate } from 'react-router';
import { Page } from '../../components/ui/page.tsx';
import { FollowsPanel } from '../../features/follows/components/follows-panel.tsx';
import { useSessionUser } from '../../lib/session.ts';

export function FollowsRoute() {
  if (!useSessionUser()) return <Navigate to="/" replace />;
  return (
    <Page>
      <FollowsPanel />
    </Page>
  );
}
