/**
 * Seconds as m:ss, the player's clock in the web app and the extension. Minutes run past
 * 59 rather than adding hours; an unknown time reads 0:00.
 */
export function formatTime(seconds: number | null): string {
  const whole = seconds !== null && Number.isFinite(seconds) && seconds > 0 ? Math.floor(seconds) : 0;
  const minutes = Math.floor(whole / 60);
  const rest = whole % 60;
  return `${minutes}:${String(rest).padStart(2, '0')}`;
}

/**
 * A whole episode's length as m:ss, to the nearest second: the card, the list and the player's
 * total say the same (the clock, `formatTime`, counts whole seconds played).
 */
export function formatDuration(seconds: number | null): string {
  return formatTime(seconds !== null && Number.isFinite(seconds) ? Math.round(seconds) : null);
}
