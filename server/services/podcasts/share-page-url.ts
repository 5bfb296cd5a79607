/** The public page a share link opens (the web app's /shared/:token route). */
export const sharePageUrl = (publicUrl: string, token: string) => `${publicUrl}/shared/${token}`;
