import { describe, expect, it } from 'vitest';
import { tuneOpus } from './live.ts';

const SDP = [
  'v=0',
  'm=audio 9 UDP/TLS/RTP/SAVPF 111 63',
  'a=rtpmap:111 opus/48000/2',
  'a=fmtp:111 minptime=10;useinbandfec=1;stereo=0',
  'a=rtpmap:63 red/48000/2',
  '',
].join('\r\n');

describe('tuneOpus (music_standard)', () => {
  it('sets stereo, sprop-stereo and a 128 kbit/s average on the opus payload, keeping its other parameters', () => {
    const out = tuneOpus(SDP);
    const fmtp = /a=fmtp:111 (.*)\r\n/.exec(out)![1].split(';');
    expect(fmtp).toEqual(
      expect.arrayContaining([
        'minptime=10',
        'stereo=1',
        'sprop-stereo=1',
        'maxaveragebitrate=128000',
        'useinbandfec=1',
      ]),
    );
    expect(fmtp).not.toContain('stereo=0');
    expect(fmtp.filter((p) => p.startsWith('useinbandfec'))).toHaveLength(1);
    expect(out).toContain('a=rtpmap:63 red/48000/2');
  });

  it('adds the fmtp line when opus has none, and leaves an SDP without opus alone', () => {
    const bare = 'm=audio 9 UDP/TLS/RTP/SAVPF 109\r\na=rtpmap:109 opus/48000/2\r\n';
    expect(tuneOpus(bare)).toContain('a=rtpmap:109 opus/48000/2\r\na=fmtp:109 stereo=1;sprop-stereo=1');
    const pcmu = 'm=audio 9 UDP/TLS/RTP/SAVPF 0\r\na=rtpmap:0 PCMU/8000\r\n';
    expect(tuneOpus(pcmu)).toBe(pcmu);
  });
});
