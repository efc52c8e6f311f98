/**
 * Getting a player's attention when the tab is in the background and something needs them now (their turn,
 * their draw, their table): the title changes until they come back, a short sound plays (unless turned off
 * in the notification settings), and the browser shows a notification if they allowed it.
 */
let originalTitle: string | null = null;
let sounds = 0;

function restoreTitle(): void {
  if (document.hidden || originalTitle === null) return;
  document.title = originalTitle;
  originalTitle = null;
  document.removeEventListener('visibilitychange', restoreTitle);
}

function flagTitle(text: string): void {
  if (originalTitle === null) {
    originalTitle = document.title;
    document.addEventListener('visibilitychange', restoreTitle);
  }
  document.title = `● ${text} — ${originalTitle}`;
}

let audio: AudioContext | null = null;

/** Two short tones (WebAudio: no file to download, nothing the CSP has to allow). */
function chime(): void {
  try {
    audio ??= new AudioContext();
    const t = audio.currentTime;
    for (const [i, f] of [880, 1320].entries()) {
      const osc = audio.createOscillator();
      const gain = audio.createGain();
      osc.frequency.value = f;
      gain.gain.setValueAtTime(0.0001, t + i * 0.16);
      gain.gain.exponentialRampToValueAtTime(0.2, t + i * 0.16 + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, t + i * 0.16 + 0.15);
      osc.connect(gain).connect(audio.destination);
      osc.start(t + i * 0.16);
      osc.stop(t + i * 0.16 + 0.16);
    }
    sounds += 1;
    document.documentElement.dataset.attentionSounds = String(sounds);
  } catch {
    // no audio device: the title and the notification still tell
  }
}

/** `open`: what a click on the browser notification does (a seating's takes the player to the table). */
export function callAttention(a: { title: string; body?: string; tag?: string; sound: boolean; open?: () => void }): void {
  if (typeof document === 'undefined' || !document.hidden) return;
  flagTitle(a.title);
  if (a.sound) chime();
  if ('Notification' in window && Notification.permission === 'granted') {
    try {
      const shown = new Notification(a.title, { body: a.body, tag: a.tag, icon: '/icons/icon-192.png' });
      shown.onclick = () => {
        window.focus();
        a.open?.();
        shown.close();
      };
    } catch {
      // some mobile browsers show notifications only from a service worker: the push channel covers them
    }
  }
}
