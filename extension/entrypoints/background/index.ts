import { defineBackground } from 'wxt/utils/define-background';
import { browser } from 'wxt/browser';
import { onMessage } from '../../messaging.ts';
import { creationItem, playbackItem, sessionItem } from '../../storage.ts';
import { refreshSession, signIn, signOut } from './auth.ts';
import { showCreationBadge } from './badge.ts';
import { handleCommand } from './command.ts';
import { createSelectionMenu, handleMenuClick } from './context-menu.ts';
import { readTabSelection } from './page-reader.ts';
import { listenToPodcast } from './listening.ts';
import { estimatePage } from './estimate.ts';
import { applyAudioReport, applyRate, controlPlayback } from './playback.ts';
import { listPodcasts } from './podcast-list.ts';
import {
  acknowledgeCreation,
  createPodcastFromSelection,
  createPodcastFromTab,
  dismissCreation,
} from './podcasts.ts';
import { resumeTracking } from './progress.ts';
import { finishEpisode, queuePodcast } from './queue.ts';
import { askQuestion } from './questions.ts';
import { followPlayback, forgetTab, seekToParagraph } from './read-along.ts';
import { saveServerAddress } from './settings.ts';
import { readWhenMade } from './transcript.ts';
import { addTabToTray, createPodcastFromTray, estimateTray, removeFromTray } from './tray.ts';
import { serverCapabilities } from './server.ts';

// Wiring only: listeners are registered here, their work lives in sibling files.
export default defineBackground(() => {
  onMessage('signIn', ({ data }) => signIn(data));
  onMessage('signOut', () => signOut());
  onMessage('refreshSession', () => refreshSession());
  onMessage('saveServerAddress', ({ data }) => saveServerAddress(data));
  onMessage('readTabSelection', ({ data }) => readTabSelection(data));
  onMessage('createPodcastFromTab', ({ data }) => createPodcastFromTab(data));
  onMessage('createPodcastFromSelection', ({ data }) => createPodcastFromSelection(data));
  onMessage('acknowledgeCreation', () => acknowledgeCreation());
  onMessage('dismissCreation', () => dismissCreation());
  onMessage('listPodcasts', () => listPodcasts());
  onMessage('serverCapabilities', () => serverCapabilities());
  onMessage('playPodcast', ({ data }) => listenToPodcast(data));
  onMessage('controlPlayback', ({ data }) => controlPlayback(data));
  onMessage('reportAudio', ({ data }) => applyAudioReport(data));
  onMessage('estimatePage', ({ data }) => estimatePage(data));
  onMessage('addTabToTray', ({ data }) => addTabToTray(data));
  onMessage('removeFromTray', ({ data }) => removeFromTray(data));
  onMessage('estimateTray', ({ data }) => estimateTray(data));
  onMessage('createPodcastFromTray', ({ data }) => createPodcastFromTray(data));
  onMessage('queuePodcast', ({ data }) => queuePodcast(data));
  onMessage('askQuestion', ({ data }) => askQuestion(data));
  onMessage('readAlongSeek', ({ data, sender }) => seekToParagraph(data, sender.tab?.id));

  browser.runtime.onInstalled.addListener(() => void createSelectionMenu());
  browser.contextMenus.onClicked.addListener((info, tab) => void handleMenuClick(info, tab));
  browser.commands.onCommand.addListener((command, tab) => void handleCommand(command, tab));

  creationItem.watch((creation, before) => {
    void showCreationBadge(creation);
    // An episode heard while it was made shows every chapter once it is whole.
    if (creation?.phase === 'ready' && before?.phase !== 'ready' && creation.podcastId) void readWhenMade(creation.podcastId);
  });
  playbackItem.watch((playback, before) => {
    void followPlayback(playback);
    // Played to the end: marked played, and the queue plays on.
    if (playback?.status === 'ended' && before?.podcastId === playback.podcastId && before.status !== 'ended') {
      void finishEpisode(playback, (podcastId) => listenToPodcast({ podcastId }));
    }
  });
  // The member's speed changed (here, or in the web app and read at the popup's session check).
  sessionItem.watch((session, before) => {
    const rate = session?.user.playbackRate;
    if (rate != null && rate !== before?.user.playbackRate) void applyRate(rate);
  });
  browser.tabs.onRemoved.addListener((tabId) => void forgetTab(tabId));
  browser.tabs.onUpdated.addListener((tabId, change) => {
    if (change.status === 'loading') void forgetTab(tabId);
  });
  void resumeTracking();
});
