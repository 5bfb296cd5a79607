/** Where the feed feature keeps the member's private feed address in the query cache. */
export const feedKeys = {
  /** The address is the member's own: another member signing in on this page must not see it. */
  address: (email: string | null) => ['feed', email] as const,
};
