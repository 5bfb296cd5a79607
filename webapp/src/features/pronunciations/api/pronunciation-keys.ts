/** Where the pronunciations feature keeps a member's list in the query cache. */
export const pronunciationKeys = {
  /** A member's list: their e-mail, or null before the session is known. */
  list: (email: string | null) => ['pronunciations', email] as const,
};
