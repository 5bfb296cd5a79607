/** "Check now": the follow's feed is checked at once; the list is read again as the check goes (follows-panel.tsx). */
import { useMutation } from '@tanstack/react-query';
import type { Follow } from '../../../../../shared/api/follows.ts';
import { pagecast } from '../../../lib/api-client.ts';
import type { MutationConfig } from '../../../lib/mutation.ts';

export const checkFollow = (follow: Follow) => pagecast.follows.checkNow(follow.id);

export function useCheckFollow(config: MutationConfig<typeof checkFollow> = {}) {
  return useMutation({ ...config, mutationFn: checkFollow });
}
