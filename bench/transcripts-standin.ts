import { setPriority } from 'node:os';
import { startTranscribeStandIn } from '../apps/server/test/transcripts.standin.ts';

/**
 * The speech-to-text stand-in of bench/transcripts.ts in a process of its own
 * (`node --import tsx bench/transcripts-standin.ts`, forked with IPC): its multipart parsing and
 * JSON answers stay off the measured server's event loop, as a real service's would. Its ffmpeg
 * (silencedetect) still shares the machine's two cores, as a local whisper server would. Sends
 * { type: 'ready', url } and stops on 'stop' or when the parent goes.
 */
// It stands for a speech service on another machine: its work (and its ffmpeg children, which inherit
// the priority) must not count against the server measured here.
setPriority(19);
const standIn = await startTranscribeStandIn({ script: [] });
process.send?.({ type: 'ready', url: standIn.url });
const stop = () => void standIn.close().finally(() => process.exit(0));
process.on('message', (m: { type?: string }) => m.type === 'stop' && stop());
process.on('disconnect', stop);
