import type { Config } from '../config.ts';

/** Whether payments are on, and the key the web app's checkout needs; answered with billing off too. */
export function getBillingConfig(deps: { config: Pick<Config, 'stripe'> }): { enabled: boolean; publishableKey: string | null } {
  return { enabled: Boolean(deps.config.stripe), publishableKey: deps.config.stripe?.publishableKey ?? null };
}
