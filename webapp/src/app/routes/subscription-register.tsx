import { Page } from '../../components/ui/page.tsx';

export function SubscriptionRegisterRoute() {
  return <Page title="Upgrade to Premium">{null}</Page>;
}
