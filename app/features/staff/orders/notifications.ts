// New-order alerts of the staff queue (docs/product.md §10.1): two 800 Hz beeps and a 200/100/200 ms vibration,
// each switchable and remembered on the device, both on by default, repeated every ALERT_REPEAT_MS until someone
// at the bar acknowledges them (a noisy bar misses one beep, docs/decisions/234).
import { useCallback, useEffect, useRef, useState } from 'react';

export const ALERT_TONE_HZ = 800;
/** Each beep; two beeps make one alert. */
export const ALERT_TONE_MS = 350;
const ALERT_GAP_MS = 150;
export const ALERT_REPEAT_MS = 6_000;
export const VIBRATION_PATTERN = [200, 100, 200];
const SETTINGS_KEY = 'barhop.staff.notifications';

export type AlertSettings = { sound: boolean; vibrate: boolean };
const DEFAULTS: AlertSettings = { sound: true, vibrate: true };

function readSettings(): AlertSettings {
  try {
    const stored = JSON.parse(localStorage.getItem(SETTINGS_KEY) ?? 'null') as Partial<AlertSettings> | null;
    return { sound: stored?.sound ?? DEFAULTS.sound, vibrate: stored?.vibrate ?? DEFAULTS.vibrate };
  } catch {
    return DEFAULTS;
  }
}

export function useAlertSettings() {
  const [settings, setSettings] = useState(readSettings);
  const update = useCallback((patch: Partial<AlertSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...patch };
      localStorage.setItem(SETTINGS_KEY, JSON.stringify(next));
      return next;
    });
  }, []);
  return [settings, update] as const;
}

let audio: AudioContext | null = null;

function playTone() {
  const Ctx = window.AudioContext ?? (window as unknown as { webkitAudioContext?: typeof AudioContext }).webkitAudioContext;
  if (!Ctx) return;
  audio ??= new Ctx();
  const oscillator = audio.createOscillator();
  const gain = audio.createGain();
  oscillator.type = 'sine';
  oscillator.frequency.value = ALERT_TONE_HZ;
  gain.gain.value = 0.2;
  oscillator.connect(gain).connect(audio.destination);
  // Two beeps: the gain opens for each, the oscillator runs across both.
  const start = audio.currentTime;
  const beep = ALERT_TONE_MS / 1000;
  const gap = ALERT_GAP_MS / 1000;
  gain.gain.setValueAtTime(0.25, start);
  gain.gain.setValueAtTime(0, start + beep);
  gain.gain.setValueAtTime(0.25, start + beep + gap);
  oscillator.start(start);
  oscillator.stop(start + 2 * beep + gap);
}

/** Plays what is enabled; a browser that blocks audio or lacks vibration simply stays quiet. */
export function alertNewOrder(settings: AlertSettings) {
  if (settings.sound) {
    try { playTone(); } catch (err) { console.warn('New-order tone failed', err); }
  }
  if (settings.vibrate && typeof navigator.vibrate === 'function') navigator.vibrate(VIBRATION_PATTERN);
}

/**
 * Rings while `ringing` (new orders nobody acknowledged): at once, then every ALERT_REPEAT_MS until it stops.
 */
export function useRepeatingAlert(ringing: boolean, settings: AlertSettings) {
  const latest = useRef(settings);
  useEffect(() => { latest.current = settings; });
  useEffect(() => {
    if (!ringing) return;
    alertNewOrder(latest.current);
    const timer = setInterval(() => alertNewOrder(latest.current), ALERT_REPEAT_MS);
    return () => clearInterval(timer);
  }, [ringing]);
}
