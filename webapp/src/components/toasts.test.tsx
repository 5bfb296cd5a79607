import { act } from 'react';
import { describe, expect, it } from 'vitest';
import { toast, Toasts } from '../../../shared/ui/toast.tsx';
import { mountEachTest, waitFor } from '../testing/render.tsx';

const view = mountEachTest();
const shown = (text: string) => [...document.querySelectorAll('[data-sonner-toast]')].filter((t) => t.textContent?.includes(text));

describe('toasts', () => {
  it('shows a message asked for twice while it is showing once, and different messages each', async () => {
    act(() => view.render(<Toasts />));
    act(() => {
      toast.error('Please sign in to upgrade');
      toast.error('Please sign in to upgrade');
      toast.success('Saved');
    });
    // Asked in order: once the last is shown, so are the others (and none has timed out yet).
    await waitFor(() => expect(shown('Saved')).toHaveLength(1));
    expect(shown('Please sign in to upgrade')).toHaveLength(1);
  });
});
