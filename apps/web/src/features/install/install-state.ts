/**
 * The installable app (issue 42): the service worker that shows pushes and keeps the app's shell for
 * offline use (public/sw.js), the browser's install prompt kept for later, and whether this browser's
 * player has finished a game (the prompt is offered once, after the first game).
 */
import { useEffect, useState } from 'react';
import { isReachable, onReachability } from '../../api/reachability';

/** Chromium's `beforeinstallprompt` event (not in TypeScript's DOM library). */
export interface InstallPromptEvent extends Event {
  prompt(): Promise<void>;
  userChoice: Promise<{ outcome: 'accepted' | 'dismissed' }>;
}

const PLAYED = 'dcs.playedGame';
const OFFERED = 'dcs.installOffered';

let deferred: InstallPromptEvent | null = null;
/** The offer is on screen in this page's life (it stays until answered, and is never made again once shown). */
let showing = false;
const waiting = new Set<() => void>();
const changed = () => waiting.forEach((f) => f());

const read = (key: string) => {
  try {
    return localStorage.getItem(key) === '1';
  } catch {
    return false;
  }
};
const write = (key: string) => {
  try {
    localStorage.setItem(key, '1');
  } catch {
    // private mode: the offer may come again next visit
  }
};

/** Registers the service worker and keeps the install prompt (the browser fires it once, early): called once at start. */
export function startInstallable(): void {
  if (typeof window === 'undefined') return;
  window.addEventListener('beforeinstallprompt', (e) => {
    e.preventDefault(); // no mini-infobar: the app offers it itself, after a first game
    deferred = e as InstallPromptEvent;
    changed();
  });
  window.addEventListener('appinstalled', () => {
    deferred = null;
    write(OFFERED);
    changed();
  });
  if ('serviceWorker' in navigator) {
    window.addEventListener('load', () => void navigator.serviceWorker.register('/sw.js').catch(() => undefined));
  }
}

/** This browser's player finished a game (a seat's own view that ended): the install offer may come. */
export function markGamePlayed(): void {
  if (read(PLAYED)) return;
  write(PLAYED);
  changed();
}

/** The offer was shown: never again in this browser (it stays on screen until answered). */
export function markOffered(): void {
  showing = true;
  write(OFFERED);
}

/** The install offer: shown when the browser allows it, after a first game, and only once. */
export function useInstallOffer(): { offer: boolean; install: () => Promise<void>; dismiss: () => void } {
  const [, rerender] = useState(0);
  useEffect(() => {
    const f = () => rerender((n) => n + 1);
    waiting.add(f);
    return () => void waiting.delete(f);
  }, []);
  const offer = deferred !== null && read(PLAYED) && (showing || !read(OFFERED));
  const done = () => {
    showing = false;
    write(OFFERED);
    changed();
  };
  return {
    offer,
    install: async () => {
      const e = deferred;
      done();
      if (!e) return;
      deferred = null;
      await e.prompt();
      await e.userChoice.catch(() => undefined);
    },
    dismiss: done,
  };
}

/**
 * Whether the platform can be reached: the browser is online and the last request was answered (the app
 * opened from the service worker's copy without a network shows an offline state).
 */
export function useOnline(): boolean {
  const [online, setOnline] = useState(() => typeof navigator === 'undefined' || navigator.onLine);
  const [reachable, setReachable] = useState(isReachable);
  useEffect(() => {
    const up = () => setOnline(true);
    const down = () => setOnline(false);
    window.addEventListener('online', up);
    window.addEventListener('offline', down);
    const off = onReachability(setReachable);
    return () => {
      window.removeEventListener('online', up);
      window.removeEventListener('offline', down);
      off();
    };
  }, []);
  return online && reachable;
}
