/**
 * Live collaboration call rules (issue 19) shared by the web call and its tests.
 */

/** Opus tuned for music (spec's music_standard): stereo, 128 kbit/s average, in-band FEC. */
export function tuneOpus(sdp: string): string {
  const rtpmap = /a=rtpmap:(\d+) opus\/48000\/2/i.exec(sdp);
  if (!rtpmap) return sdp;
  const pt = rtpmap[1];
  const extra = 'stereo=1;sprop-stereo=1;maxaveragebitrate=128000;useinbandfec=1';
  const fmtp = new RegExp(`a=fmtp:${pt} ([^\\r\\n]*)`);
  if (fmtp.test(sdp))
    return sdp.replace(fmtp, (_all, params: string) => {
      const kept = params
        .split(';')
        .filter((p) => !/^(stereo|sprop-stereo|maxaveragebitrate|useinbandfec)=/.test(p.trim()));
      return `a=fmtp:${pt} ${[...kept, extra].join(';')}`;
    });
  return sdp.replace(rtpmap[0], `${rtpmap[0]}\r\na=fmtp:${pt} ${extra}`);
}
