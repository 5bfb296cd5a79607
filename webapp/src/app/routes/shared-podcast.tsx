import { useParams } from 'react-router';
import { SharedPodcast } from '../../features/podcasts/components/shared-podcast.tsx';

/** /shared/:token: a podcast its owner shared, for anyone with the link. */
export function SharedPodcastRoute() {
  const { token = '' } = useParams();
  return <SharedPodcast key={token} token={token} />;
}
