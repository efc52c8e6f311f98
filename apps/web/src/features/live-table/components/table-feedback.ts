import { useCallback, useEffect, useState } from 'react';

/** What the table may do to get a player's attention (issue 42), switched in the table's settings; kept on this device. */
export interface TablePrefs {
  /** a soft tone when it becomes my turn */
  turnSound: boolean;
  /** a soft tone when my clock is low (the last 5 s) */
  lowSound: boolean;
  /** a vibration for both, where the browser allows it (Vibration API) */
  vibrate: boolean;
}

const KEY = 'dcs.table.prefs';
const DEFAULTS: TablePrefs = { turnSound: true, lowSound: true, vibrate: true };

function read(): TablePrefs {
  try {
    return { ...DEFAULTS, ...(JSON.parse(localStorage.getItem(KEY) ?? '{}') as Partial<TablePrefs>) };
  } catch {
    return DEFAULTS;
  }
}

/** The table's feedback settings and their setter (saved on this device, every table of this browser follows). */
export function useTablePrefs(): [TablePrefs, (change: Partial<TablePrefs>) => void] {
  const [prefs, setPrefs] = useState<TablePrefs>(read);
  useEffect(() => {
    const onStorage = (e: StorageEvent) => e.key === KEY && setPrefs(read());
    window.addEventListener('storage', onStorage);
    return () => window.removeEventListener('storage', onStorage);
  }, []);
  const change = useCallback((c: Partial<TablePrefs>) => {
    setPrefs((p) => {
      const next = { ...p, ...c };
      try {
        localStorage.setItem(KEY, JSON.stringify(next));
      } catch {
        // private mode: the setting lasts as long as the page
      }
      return next;
    });
  }, []);
  return [prefs, change];
}

let audio: AudioContext | null = null;

/**
 * A soft tone (WebAudio: nothing to download): a rising pair when the turn becomes mine, one low short
 * note when my clock is low. The count played is kept on the page (`data-table-tones`) for the journeys.
 */
export function softTone(kind: 'turn' | 'low'): void {
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    const notes = kind === 'turn' ? [660, 880] : [440];
    notes.forEach((f, i) => {
      const osc = audio!.createOscillator();
      const gain = audio!.createGain();
      osc.type = 'sine';
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + i * 0.12);
      gain.gain.exponentialRampToValueAtTime(0.08, t + i * 0.12 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.12 + 0.18);
      osc.connect(gain).connect(audio!.destination);
      osc.start(t + i * 0.12);
      osc.stop(t + i * 0.12 + 0.2);
    });
  } catch {
    // no audio device: the picture and the announcement still tell
  }
  const el = document.documentElement;
  el.dataset.tableTones = String(Number(el.dataset.tableTones ?? 0) + 1);
}

/** A short vibration where the browser allows it (the Vibration API; iOS has none). */
export function buzz(pattern: number | number[]): void {
  try {
    if ('vibrate' in navigator) navigator.vibrate(pattern);
  } catch {
    // not allowed without a gesture yet: nothing to do
  }
}

/** Calls the player when the turn becomes theirs and when their clock is low, as their settings allow. */
export function useTurnFeedback(myTurn: boolean, low: boolean, prefs: TablePrefs): void {
  useEffect(() => {
    if (!myTurn) return;
    if (prefs.turnSound) softTone('turn');
    if (prefs.vibrate) buzz(60);
  }, [myTurn]);
  useEffect(() => {
    if (!low) return;
    if (prefs.lowSound) softTone('low');
    if (prefs.vibrate) buzz([80, 60, 80]);
  }, [low]);
}
