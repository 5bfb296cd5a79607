import { Page } from '../../components/ui/page.tsx';

export function SubscriptionCanceledRoute() {
  return <Page title="Subscription not completed">{null}</Page>;
}
