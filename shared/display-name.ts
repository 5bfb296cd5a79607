/** The display name: the name, or the e-mail's part before the at-sign. */
export function displayName(user: { name?: string | null; email: string }): string {
  return user.name?.trim() || user.email.split('@')[0] || user.email;
}
