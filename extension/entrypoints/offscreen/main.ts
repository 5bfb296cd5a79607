// The offscreen document holds the audio so playback outlives the popup. It only has
// chrome.runtime, so it answers the background's commands and reports back by message.
import { createAudioPlayer } from '../../audio-player.ts';
import { onMessage, sendMessage } from '../../messaging.ts';

const player = createAudioPlayer(document.querySelector<HTMLAudioElement>('#player')!, (report) => {
  sendMessage('reportAudio', report).catch((err: unknown) => console.warn('[pagecast] report not delivered', err));
});

onMessage('startAudio', ({ data }) => player.start(data));
onMessage('controlAudio', ({ data }) => player.control(data));
