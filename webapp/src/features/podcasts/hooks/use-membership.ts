import { useBillingConfig } from '../../../lib/billing-config.ts';
import { useSessionUser } from '../../../lib/session.ts';

/**
 * Who is looking, in the terms the podcast screens need. With billing off every member is Premium and
 * no upgrade prompt or 'Free' badge shows.
 */
export function useMembership() {
  const user = useSessionUser();
  const billing = useBillingConfig();
  const isPremium = user?.isPremium === true;
  return {
    user,
    signedIn: user !== null,
    isPremium,
    /** Upgrade prompts and the 'Free' badge. */
    showUpgrade: billing.enabled && !isPremium,
  };
}
