import { Page } from '../../components/ui/page.tsx';

export function SubscriptionSuccessRoute() {
  return <Page title="Thank You for Upgrading!">{null}</Page>;
}
