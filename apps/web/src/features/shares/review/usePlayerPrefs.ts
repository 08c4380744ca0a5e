import { useCallback, useEffect, useState } from 'react';
import { TIME_DISPLAY_MODES, type TimeDisplayMode } from '@rushes/shared';
import { setMedia } from './actions.ts';

/**
 * The player's remembered choices: volume, mute and the time display. Kept in this browser's
 * localStorage rather than on the account: loudness belongs to the device's speakers, the review
 * page's guests have no account, and a reload must not wait for a request to set the volume.
 */
export interface PlayerPrefs {
  volume: number;
  muted: boolean;
  timeMode: TimeDisplayMode;
}

const KEY = 'rushes.player';
const DEFAULTS: PlayerPrefs = { volume: 1, muted: false, timeMode: 'timecode' };

function read(): PlayerPrefs {
  try {
    const raw = JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<PlayerPrefs>;
    return {
      volume:
        typeof raw.volume === 'number' && raw.volume >= 0 && raw.volume <= 1 ? raw.volume : DEFAULTS.volume,
      muted: typeof raw.muted === 'boolean' ? raw.muted : DEFAULTS.muted,
      timeMode: TIME_DISPLAY_MODES.includes(raw.timeMode as TimeDisplayMode)
        ? (raw.timeMode as TimeDisplayMode)
        : DEFAULTS.timeMode,
    };
  } catch {
    return DEFAULTS;
  }
}

export function usePlayerPrefs() {
  const [prefs, setPrefs] = useState(read);
  const update = useCallback((change: Partial<PlayerPrefs>) => {
    setPrefs((prev) => {
      const next = { ...prev, ...change };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // storage full or refused (private mode): the choice lasts for this page only
      }
      return next;
    });
  }, []);
  return [prefs, update] as const;
}

/**
 * A new media element (first load, another version) starts at the remembered volume and mute;
 * whatever changes them afterwards (slider, M, the browser's own controls) is remembered.
 */
export function useRememberedVolume(
  el: HTMLMediaElement | null,
  prefs: PlayerPrefs,
  update: (change: Partial<PlayerPrefs>) => void,
) {
  useEffect(() => {
    if (!el) return;
    setMedia(el, { volume: prefs.volume, muted: prefs.muted });
    const onChange = () => update({ volume: el.volume, muted: el.muted });
    el.addEventListener('volumechange', onChange);
    return () => el.removeEventListener('volumechange', onChange);
    // the remembered values apply once per element; later changes come from the element itself
    // eslint-disable-next-line react-hooks/exhaustive-deps
  }, [el, update]);
}
