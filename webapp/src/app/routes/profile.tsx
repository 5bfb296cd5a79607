import { Page } from '../../components/ui/page.tsx';

export function ProfileRoute() {
  return <Page title="Profile">{null}</Page>;
}
