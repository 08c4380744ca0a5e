import { expect } from 'vitest';
import { chromium, type Browser, type Page } from 'playwright-core';
import { CHROMIUM } from './browser.ts';

/**
 * The live call flow's browser side: Chromium with fake media, the page's peer connections and
 * what its call audio element plays.
 */

/** Chromium with fake microphone, camera and screen (getDisplayMedia without a picker). */
export function launchWithFakeMedia(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-background-networking',
      '--no-first-run',
      '--use-fake-device-for-media-stream',
      '--use-fake-ui-for-media-stream',
      '--autoplay-policy=no-user-gesture-required',
    ],
  });
}

/** Keeps every RTCPeerConnection the page makes, so the test can read getStats(). */
export const CAPTURE_PEERS = `(() => {
  const Orig = window.RTCPeerConnection;
  window.__peers = [];
  window.RTCPeerConnection = class extends Orig {
    constructor(...args) { super(...args); window.__peers.push(this); }
  };
})()`;

type Rtp = { type: string; kind: string; bytes: number; frames: number };
/** inbound-rtp figures of the page's newest open peer connection. */
export async function inbound(page: Page, kind: 'audio' | 'video'): Promise<Rtp | null> {
  return page.evaluate(async (k) => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
      (p) => p.connectionState !== 'closed',
    );
    const pc = peers[peers.length - 1];
    if (!pc) return null;
    let found: Rtp | null = null;
    (await pc.getStats()).forEach((s: Record<string, unknown>) => {
      if (s.type === 'inbound-rtp' && s.kind === k)
        found = {
          type: 'inbound-rtp',
          kind: k,
          bytes: Number(s.bytesReceived) || 0,
          frames: Number(s.framesDecoded) || 0,
        };
    });
    return found;
  }, kind);
}

/** The selected candidate pair's local candidate type (relay through TURN, host, srflx). */
export async function pathOf(page: Page): Promise<string | null> {
  return page.evaluate(async () => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
      (p) => p.connectionState === 'connected',
    );
    const pc = peers[peers.length - 1];
    if (!pc) return null;
    const stats = await pc.getStats();
    let type: string | null = null;
    stats.forEach((s: Record<string, unknown>) => {
      if (s.type === 'candidate-pair' && s.state === 'succeeded' && s.nominated) {
        const local = stats.get(String(s.localCandidateId)) as { candidateType?: string } | undefined;
        type = local?.candidateType ?? null;
      }
    });
    return type;
  });
}

/** The ICE connection state of the page's newest open peer connection. */
export async function iceState(page: Page): Promise<string | null> {
  return page.evaluate(() => {
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
      (p) => p.connectionState !== 'closed',
    );
    return peers[peers.length - 1]?.iceConnectionState ?? null;
  });
}

/** Audio bytes received keep growing (two reads, the second higher than the first). */
async function audioFlows(page: Page) {
  await expect
    .poll(async () => (await inbound(page, 'audio'))?.bytes ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(0);
  const first = (await inbound(page, 'audio'))!.bytes;
  await expect
    .poll(async () => (await inbound(page, 'audio'))?.bytes ?? 0, { timeout: 20_000 })
    .toBeGreaterThan(first);
}

type Played = { live: number; playing: boolean; energy: number };
/**
 * What the call's audio element plays: how many of its stream's audio tracks are live and enabled,
 * whether it plays, and the audio energy received so far on those tracks (their inbound-rtp).
 */
async function played(page: Page): Promise<Played> {
  return page.evaluate(async () => {
    const el = document.querySelector<HTMLAudioElement>('audio[data-testid="live-remote-audio"]');
    const stream = el?.srcObject instanceof MediaStream ? el.srcObject : null;
    const live = stream?.getAudioTracks().filter((t) => t.readyState === 'live' && t.enabled) ?? [];
    const peers = (window as unknown as { __peers: RTCPeerConnection[] }).__peers.filter(
      (p) => p.connectionState !== 'closed',
    );
    let energy = 0;
    for (const track of live)
      for (const pc of peers.filter((p) => p.getReceivers().some((r) => r.track === track)))
        (await pc.getStats(track)).forEach((s: Record<string, unknown>) => {
          if (s.type === 'inbound-rtp') energy += Number(s.totalAudioEnergy) || 0;
        });
    return { live: live.length, playing: !!el && !el.paused, energy };
  });
}

/** The loudest moment (RMS) of the audio element's stream over 1.5 s, through an AnalyserNode. */
export async function peakLevel(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const el = document.querySelector<HTMLAudioElement>('audio[data-testid="live-remote-audio"]');
    const stream = el?.srcObject instanceof MediaStream ? el.srcObject : null;
    if (!stream?.getAudioTracks().length) return 0;
    const ctx = new AudioContext();
    try {
      await ctx.resume();
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 2048;
      ctx.createMediaStreamSource(stream).connect(analyser);
      const buf = new Float32Array(analyser.fftSize);
      let peak = 0;
      for (let i = 0; i < 30; i++) {
        await new Promise((r) => setTimeout(r, 50));
        analyser.getFloatTimeDomainData(buf);
        peak = Math.max(peak, Math.sqrt(buf.reduce((sum, v) => sum + v * v, 0) / buf.length));
      }
      return peak;
    } finally {
      await ctx.close();
    }
  });
}

/**
 * The page plays the other side: audio arrives, its audio element plays a stream with a live audio
 * track, and (unless the other side is muted) the level of what it plays moves.
 */
export async function hears(page: Page, { otherMuted = false } = {}) {
  await audioFlows(page);
  await expect
    .poll(
      async () => {
        const p = await played(page);
        return p.live > 0 && p.playing;
      },
      { timeout: 20_000 },
    )
    .toBe(true);
  if (otherMuted) return;
  const first = (await played(page)).energy;
  await expect.poll(async () => (await played(page)).energy, { timeout: 20_000 }).toBeGreaterThan(first);
  await expect.poll(() => peakLevel(page), { timeout: 20_000 }).toBeGreaterThan(0.01);
}
