/**
 * The private feed on /profile: the secret address a podcast app subscribes to, a Copy button, and
 * 'Rotate address' (after a confirmation) for when the address has leaked. Free members see what it
 * is and that it comes with Premium.
 */
import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { RefreshCw, Rss } from 'lucide-react';
import { toast } from '../../../../../shared/ui/toast.tsx';
import { Button } from '../../../components/ui/button.tsx';
import { FeaturePanel } from '../../../components/ui/feature-panel.tsx';
import { CopyField } from '../../../components/ui/copy-field.tsx';
import { Modal } from '../../../components/ui/modal.tsx';
import { Spinner } from '../../../components/ui/spinner.tsx';
import { pagecast } from '../../../lib/api-client.ts';
import { errorMessage } from '../../../lib/query-client.ts';
import { useSessionUser } from '../../../lib/session.ts';
import { feedKeys } from '../api/feed-keys.ts';
import { useRotateFeed } from '../api/rotate-feed.ts';

export function PrivateFeed({ isPremium, className = '' }: { isPremium: boolean; className?: string }) {
  return (
    <FeaturePanel
      id="private-feed-title"
      icon={<Rss aria-hidden size={20} />}
      title="Your private podcast feed"
      locked={!isPremium}
      className={className}
      description={
        <>
          Paste this address into your podcast app (Apple Podcasts, Overcast, Pocket Casts…) with “Add by URL” or “Follow a
          show by URL”, and every podcast you make appears there on its own. Keep it to yourself: anyone who has it can listen.
        </>
      }
    >
      {isPremium ? <FeedAddress /> : <p className="mt-3 text-sm font-medium text-slate-700">Upgrade to Premium to get your private feed.</p>}
    </FeaturePanel>
  );
}

function FeedAddress() {
  const feed = useQuery({ queryKey: feedKeys.address(useSessionUser()?.email ?? null), queryFn: ({ signal }) => pagecast.feed.get({ signal }) });
  const [confirming, setConfirming] = useState(false);
  const rotation = useRotateFeed({
    onSuccess: () => {
      setConfirming(false);
      toast.success('Your feed has a new address. Add it to your podcast app again.');
    },
    onError: (err) => toast.error(errorMessage(err)),
  });
  const rotating = rotation.isPending;
  const url = feed.data;
  const error = feed.error && !url ? errorMessage(feed.error) : null;

  if (error) {
    return (
      <p role="alert" className="mt-4 text-sm text-red-700">
        {error}
      </p>
    );
  }
  if (!url) {
    return (
      <p className="mt-4 flex items-center gap-2 text-sm text-slate-500">
        <Spinner className="text-brand-600" /> Loading your feed address…
      </p>
    );
  }
  return (
    <div className="mt-4 space-y-3">
      <CopyField label="Feed address" value={url} copiedMessage="Feed address copied" />
      <Button variant="ghost" size="sm" icon={<RefreshCw aria-hidden size={16} />} onClick={() => setConfirming(true)}>
        Rotate address
      </Button>
      <Modal
        open={confirming}
        onClose={() => setConfirming(false)}
        title="Rotate feed address?"
        size="sm"
        footer={
          <>
            <Button variant="outline" onClick={() => setConfirming(false)} disabled={rotating}>
              Cancel
            </Button>
            <Button variant="secondary" loading={rotating} onClick={() => rotation.mutate()}>
              Rotate address
            </Button>
          </>
        }
      >
        <p className="text-slate-600">
          The current address stops working at once, in every podcast app that uses it. You will need to add the new address to
          your apps.
        </p>
      </Modal>
    </div>
  );
}
