// The offscreen document holds the audio so playback outlives the popup. It only has
// chrome.runtime, so it answers the background's commands and reports back by message.
import { createAudioPlayer } from '../../audio-player.ts';
import { loadHls } from '../../load-hls.ts';
import { onMessage, sendMessage, type AudioReport } from '../../messaging.ts';

const report = (state: AudioReport) =>
  void sendMessage('reportAudio', state).catch((err: unknown) => console.warn('[pagecast] report not delivered', err));
const player = createAudioPlayer(document.querySelector<HTMLAudioElement>('#player')!, report, loadHls);

onMessage('startAudio', ({ data }) => player.start(data));
onMessage('controlAudio', ({ data }) => player.control(data));
