/**
 * Webhook deliveries about one Stripe customer, applied one at a time in this process. A delivery
 * reads the subscription from Stripe, then writes it; two at once could read in one order and write
 * in the other, and a slow read of `incomplete` would overwrite a fast read of `active` (a paying
 * member left without Premium). Chained per customer, a later delivery reads Stripe only after the
 * earlier one has written.
 *
 * Across several server processes sharing a database, deliveries can still interleave; the next
 * delivery for the customer reads Stripe afresh and corrects the state.
 */

/**
 * The chains of each app. The billing context is built per request, so they hang off something
 * that lives as long as the app: its database handle.
 */
const chainsByApp = new WeakMap<object, Map<string, Promise<void>>>();

/** Runs `task` once every task queued earlier for `customerId` (in the same `app`) has settled. */
export async function oneAtATimePerCustomer<T>(app: object, customerId: string, task: () => Promise<T>): Promise<T> {
  let chains = chainsByApp.get(app);
  if (!chains) {
    chains = new Map();
    chainsByApp.set(app, chains);
  }
  const run = (chains.get(customerId) ?? Promise.resolve()).then(task);
  // The next task waits for this one whether it succeeds or fails.
  const tail = run.then(
    () => undefined,
    () => undefined,
  );
  chains.set(customerId, tail);
  try {
    return await run;
  } finally {
    if (chains.get(customerId) === tail) chains.delete(customerId);
  }
}
