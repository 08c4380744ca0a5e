/** Runs every benchmark in turn: `npm run bench` (figures are written up in bench/README.md). */
const only: string | undefined = process.argv[2];
const benches: Record<string, () => Promise<{ run: () => Promise<void> }>> = {
  'session-overhead': () => import('./session-overhead.ts'),
  'blob-part-memory': () => import('./blob-part-memory.ts'),
  // Several minutes and ~8 GiB of temp disk at the default 2 GiB: see bench/upload/index.ts for knobs.
  upload: () => import('./upload/index.ts'),
  // The desktop uploader's Linux binary against the web uploader in Chromium and the bare PUT
  // endpoint (1 GiB, 5 rounds; a built web app and packages/uploader/dist), and its resume after kill -9.
  uploader: () => import('./uploader/index.ts'),
  'uploader-resume': () => import('./uploader/resume.ts'),
  chat: () => import('./chat.ts'),
  media: () => import('./media.ts'),
  // sprite sheet vs poster grab; Chromium click → first frame and seek of a 1080p proxy
  'review-media': () => import('./review-media.ts'),
  web: () => import('./web.ts'),
  lighthouse: () => import('./lighthouse.ts'),
  // what Lighthouse's simulated LCP waits for on home (a profile, not a figure)
  'lighthouse-graph': () => import('./lighthouse-graph.ts'),
  // where home's first visit spends the main thread before it paints (a profile, not a figure)
  'home-profile': () => import('./home-profile.ts'),
  paging: () => import('./paging.ts'),
  // grid view: first page of 100 cards over 100k assets; Chromium long tasks scrolling 10,000 cards
  grid: () => import('./grid.ts'),
  // search over 10,000 transcribed clips (vs the asset-name search); the asset list while a clip is transcribed
  transcripts: () => import('./transcripts.ts'),
  p1: () => import('./p1/index.ts'),
  // The load test and the rolling restart: two API nodes behind a proxy, 400 users (bench/load/index.ts).
  load: () => import('./load/index.ts'),
  'load-restart': () => import('./load/restart.ts'),
  // an API node's start: the bundle `npm start` runs against the sources through tsx
  start: () => import('./start.ts'),
  serializer: () => import('./serializer.ts'),
  // Cloud workstations (issue 37): need Xvfb, openbox, x11vnc, Shotcut, xdotool, ffmpeg; see each header.
  'cloud-launch': () => import('./cloud-launch/index.ts'),
  'cloud-media': () => import('./cloud-media/index.ts'),
  'cloud-render': () => import('./cloud-render/index.ts'),
  // a VNC update round trip through the connector's tunnel against straight to x11vnc (Xvfb, x11vnc)
  'cloud-tunnel': () => import('./cloud-tunnel/index.ts'),
};
for (const [name, load] of Object.entries(benches)) {
  if (only && only !== name) continue;
  await (await load()).run();
}

export {};
