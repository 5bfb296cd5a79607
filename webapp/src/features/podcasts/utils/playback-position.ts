/**
 * How often the player tells the server where the listener is: every `intervalMs` while it plays, at
 * once on pause and as the page goes away, and never for a move of less than a second.
 */

const SAVE_INTERVAL_MS = 10_000;

export interface PositionSaver {
  /** The player's clock moved (playing, or a seek): saves when the last save is `intervalMs` old. */
  update: (seconds: number) => void;
  /** Saves the latest position now if it has not been saved (pause, the page going away). */
  flush: (options?: { keepalive?: boolean }) => void;
}

interface PositionSaverOptions {
  save: (seconds: number, options: { keepalive: boolean }) => void;
  /** The position the server already has, so it is not sent again. */
  saved?: number | null;
  intervalMs?: number;
  now?: () => number;
}

/** Moves of less than a second are not worth a request. */
const SAME_POSITION_SECONDS = 1;

export function createPositionSaver({ save, saved = null, intervalMs = SAVE_INTERVAL_MS, now = Date.now }: PositionSaverOptions): PositionSaver {
  let lastSaved = saved;
  let lastSaveAt = now();
  let pending: number | null = null;

  const send = (seconds: number, keepalive: boolean) => {
    lastSaved = seconds;
    lastSaveAt = now();
    pending = null;
    save(Math.round(seconds * 10) / 10, { keepalive });
  };

  return {
    update(seconds) {
      if (!Number.isFinite(seconds) || seconds < 0) return;
      if (lastSaved !== null && Math.abs(seconds - lastSaved) < SAME_POSITION_SECONDS) {
        pending = null;
        return;
      }
      if (now() - lastSaveAt >= intervalMs) send(seconds, false);
      else pending = seconds;
    },
    flush(options = {}) {
      if (pending !== null) send(pending, options.keepalive ?? false);
    },
  };
}
