/**
 * New-message alerts of the workbench: a system notification (when the page was allowed to show
 * them) and a short chime made with Web Audio (no sound file to load). Browsers only let a page
 * start audio after the user interacted with it; before that the chime is silently skipped.
 */

export type NotifyPermission = NotificationPermission | "unsupported";

export function notificationPermission(): NotifyPermission {
  return typeof Notification === "undefined" ? "unsupported" : Notification.permission;
}

/** Asks the browser (must run from a click); answers the permission now in force. */
export async function askNotificationPermission(): Promise<NotifyPermission> {
  if (typeof Notification === "undefined") return "unsupported";
  return Notification.requestPermission();
}

let audio: AudioContext | undefined;

/** Two short rising tones, quiet. */
export function playChime(): void {
  try {
    audio ??= new AudioContext();
    if (audio.state === "suspended") void audio.resume();
    const start = audio.currentTime;
    for (const [offset, frequency] of [[0, 660], [0.14, 880]] as const) {
      const oscillator = audio.createOscillator();
      const gain = audio.createGain();
      oscillator.type = "sine";
      oscillator.frequency.value = frequency;
      gain.gain.setValueAtTime(0.0001, start + offset);
      gain.gain.exponentialRampToValueAtTime(0.15, start + offset + 0.02);
      gain.gain.exponentialRampToValueAtTime(0.0001, start + offset + 0.18);
      oscillator.connect(gain).connect(audio.destination);
      oscillator.start(start + offset);
      oscillator.stop(start + offset + 0.2);
    }
  } catch {
    // No audio device or not allowed yet: the notification (and the unread badge) still tell.
  }
}

/** A system notification (plain text: nickname and message); clicking it brings the page forward. */
export function showNotification(title: string, body: string, onClick?: () => void): void {
  if (notificationPermission() !== "granted") return;
  const notification = new Notification(title, { body, tag: `chat-${title}`, silent: true });
  notification.onclick = () => {
    window.focus();
    onClick?.();
    notification.close();
  };
}
