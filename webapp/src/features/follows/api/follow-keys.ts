/** Where the follows feature keeps a member's follows and digest in the query cache. */
export const followKeys = {
  /** A member's follows: their e-mail, or null before the session is known. */
  list: (email: string | null) => ['follows', email] as const,
  digest: (email: string | null) => ['follows', email, 'digest'] as const,
};
