/** Mute and a volume slider from 0 to 1 in steps of 0.1. */
import { Volume2, VolumeX } from 'lucide-react';
import { VOLUME } from '../../../../../shared/constants.ts';
import { fill, rangeClass } from './player-style.ts';

export function VolumeControl({
  volume,
  muted,
  onToggleMute,
  onChange,
}: {
  volume: number;
  muted: boolean;
  onToggleMute: () => void;
  onChange: (volume: number) => void;
}) {
  const shown = muted ? 0 : volume;
  return (
    <div className="flex items-center gap-1.5">
      <button
        type="button"
        onClick={onToggleMute}
        aria-label={muted ? 'Unmute' : 'Mute'}
        className="rounded-md p-1.5 text-slate-600 hover:bg-slate-200 hover:text-slate-900"
      >
        {muted || volume === 0 ? <VolumeX aria-hidden size={16} /> : <Volume2 aria-hidden size={16} />}
      </button>
      <input
        type="range"
        aria-label="Volume"
        aria-valuetext={`${Math.round(shown * 100)}%`}
        min={VOLUME.min}
        max={VOLUME.max}
        step={VOLUME.step}
        value={shown}
        onChange={(e) => onChange(Number(e.currentTarget.value))}
        className={`${rangeClass} w-16 sm:w-24`}
        style={fill(shown)}
      />
    </div>
  );
}
