import { tuneOpus, type IceServer, type LiveSignal } from '@rushes/shared';
import { liveRoutes } from '@rushes/shared/routes/live';
import { call } from '../../api/client.ts';
import type { AppSocket } from '../../api/socket.ts';

/** Tells the server this side left the call (the host leaving ends it for the guest). */
export const leaveCall = (collabId: string) => call(liveRoutes.leave, { live_collaboration_db_id: collabId });

type Signal = LiveSignal['signal'];

export interface CallView {
  /** negotiating, connected, failed (the connection), ended (left or ended by the host) */
  phase: 'connecting' | 'connected' | 'failed' | 'ended';
  remoteMuted: boolean;
  remoteSharing: boolean;
  muted: boolean;
  sharing: boolean;
  /** the host handed over control of the workstation the guest watches */
  guestControl: boolean;
}

export interface CallOptions {
  socket: AppSocket;
  collabId: string;
  token: string;
  iceServers: IceServer[];
  /** the guest is the polite peer; the host (editor) creates the transceivers and offers */
  polite: boolean;
  relayOnly?: boolean;
  /** the control state the call starts with (the server's, from the lists) */
  guestControl?: boolean;
  onView: (view: CallView) => void;
  onRemoteStream: (stream: MediaStream) => void;
  /** the other side ended the call */
  onEnded: () => void;
}

/** How long a disconnected ICE connection may stay so before it is restarted. */
const ICE_DISCONNECTED_GRACE_MS = 5000;

/** Music capture: no voice processing, two channels. */
export const MUSIC_AUDIO: MediaTrackConstraints = {
  echoCancellation: false,
  noiseSuppression: false,
  autoGainControl: false,
  channelCount: 2,
};

/**
 * One side of the peer-to-peer call: perfect negotiation over the live:{id} room, the
 * host's audio and video transceivers created once so a screen share is a `replaceTrack` (no
 * renegotiation), mute state sent over the socket, ICE restart on failure. A `hello` carrying a
 * random instance id (re)pairs the two pages: a new instance of the other side starts a fresh
 * connection (a reload, a reconnect).
 */
export class LiveCall {
  private pc: RTCPeerConnection | null = null;
  private mic: MediaStreamTrack | null = null;
  private screen: MediaStreamTrack | null = null;
  private readonly instance = crypto.randomUUID();
  private remoteInstance: string | null = null;
  private makingOffer = false;
  private ignoreOffer = false;
  private view: CallView = {
    phase: 'connecting',
    remoteMuted: false,
    remoteSharing: false,
    muted: false,
    sharing: false,
    guestControl: false,
  };
  private readonly onSignal = (p: { live_collaboration_db_id: string; signal: Signal }) => {
    if (p.live_collaboration_db_id === this.o.collabId) void this.handle(p.signal);
  };
  private readonly onConnect = () => void this.joinRoom();

  constructor(private readonly o: CallOptions) {
    this.view.guestControl = o.guestControl ?? false;
  }

  /** Opens the microphone (throws when denied), joins the room and greets the other side. */
  async start() {
    const stream = await navigator.mediaDevices.getUserMedia({ audio: MUSIC_AUDIO });
    this.mic = stream.getAudioTracks()[0];
    this.o.socket.on('live_signal', this.onSignal);
    this.o.socket.on('connect', this.onConnect);
    await this.joinRoom();
  }

  /** Joins live:{id} and says hello (again after a reconnect, with the mute and share state). */
  private async joinRoom() {
    await this.o.socket.timeout(5000).emitWithAck('join', `live:${this.o.collabId}`);
    await this.send({ kind: 'hello', instance: this.instance });
    await this.sendState();
  }

  /** The call state the other side shows: mute, and (the host's) who controls the workstation. */
  private async sendState() {
    await this.send({ kind: 'mute', muted: this.view.muted });
    if (!this.o.polite) await this.send({ kind: 'control', guest_control: this.view.guestControl });
  }

  private send(signal: Signal) {
    return this.o.socket
      .timeout(5000)
      .emitWithAck('live_signal', { live_collaboration_db_id: this.o.collabId, token: this.o.token, signal })
      .catch((err: unknown) => console.warn('live signal not sent', err));
  }

  private set(patch: Partial<CallView>) {
    this.view = { ...this.view, ...patch };
    this.o.onView(this.view);
  }

  private newConnection() {
    this.pc?.close();
    const pc = new RTCPeerConnection({
      iceServers: this.o.iceServers as RTCIceServer[],
      iceTransportPolicy: this.o.relayOnly ? 'relay' : 'all',
    });
    this.pc = pc;
    this.makingOffer = false;
    this.ignoreOffer = false;
    this.set({ phase: 'connecting' });
    pc.onicecandidate = ({ candidate }) => {
      if (candidate)
        void this.send({
          kind: 'candidate',
          candidate: { ...candidate.toJSON(), candidate: candidate.candidate },
        });
    };
    pc.onnegotiationneeded = async () => {
      try {
        this.makingOffer = true;
        const offer = await pc.createOffer();
        if (pc.signalingState !== 'stable') return;
        await pc.setLocalDescription({ type: 'offer', sdp: tuneOpus(offer.sdp ?? '') });
        await this.send({
          kind: 'description',
          description: { type: 'offer', sdp: pc.localDescription!.sdp },
        });
      } catch (err) {
        console.error('live call: offer failed', err);
      } finally {
        this.makingOffer = false;
      }
    };
    // Every track of the other side goes into this connection's one stream (the guest answers on
    // the host's transceivers without stream ids, so each of its tracks would otherwise come alone
    // and the video one would displace the audio one); a new MediaStream per change lets the
    // elements that play it see the added track.
    const remote = new MediaStream();
    pc.ontrack = ({ track }) => {
      if (this.pc !== pc || remote.getTrackById(track.id)) return;
      remote.addTrack(track);
      this.o.onRemoteStream(new MediaStream(remote.getTracks()));
    };
    pc.onconnectionstatechange = () => {
      if (pc.connectionState === 'connected') this.set({ phase: 'connected' });
      if (pc.connectionState === 'failed') this.set({ phase: 'failed' });
    };
    // ICE failed (a relay or a network path gone): both sides restart ICE, as perfect negotiation
    // allows; the offer it needs goes through onnegotiationneeded and glare is resolved as usual
    // ('disconnected' that lasts is treated as failed: a relay that vanished can leave Chromium there)
    let stalled: ReturnType<typeof setTimeout> | undefined;
    const restart = (why: string) => {
      if (this.pc !== pc) return;
      console.error(`live call: ICE ${why}, restarting ICE`);
      this.set({ phase: 'failed' });
      pc.restartIce();
    };
    pc.oniceconnectionstatechange = () => {
      clearTimeout(stalled);
      if (pc.iceConnectionState === 'failed') restart('failed');
      if (pc.iceConnectionState === 'disconnected')
        stalled = setTimeout(() => {
          if (pc.iceConnectionState === 'disconnected') restart('disconnected for 5 s');
        }, ICE_DISCONNECTED_GRACE_MS);
    };
    if (!this.o.polite) {
      // the host's two transceivers: audio now, video filled by a screen share later
      const stream = new MediaStream([this.mic!]);
      pc.addTransceiver(this.mic!, { direction: 'sendrecv', streams: [stream] });
      const video = pc.addTransceiver('video', { direction: 'sendrecv', streams: [stream] });
      preferVp8(video);
      if (this.screen) void video.sender.replaceTrack(this.screen);
    }
    return pc;
  }

  private async handle(signal: Signal) {
    try {
      if (signal.kind === 'hello') {
        if (signal.instance === this.remoteInstance) return;
        this.remoteInstance = signal.instance;
        this.newConnection();
        await this.send({ kind: 'hello', instance: this.instance });
        await this.sendState();
        return;
      }
      if (signal.kind === 'mute') return this.set({ remoteMuted: signal.muted });
      if (signal.kind === 'screen') return this.set({ remoteSharing: signal.sharing });
      if (signal.kind === 'control') return this.set({ guestControl: signal.guest_control });
      if (signal.kind === 'end') {
        this.close();
        this.o.onEnded();
        return;
      }
      const pc = this.pc;
      if (!pc) return;
      if (signal.kind === 'candidate') {
        try {
          await pc.addIceCandidate(signal.candidate);
        } catch (err) {
          if (!this.ignoreOffer) throw err;
        }
        return;
      }
      const description = signal.description;
      const collision = description.type === 'offer' && (this.makingOffer || pc.signalingState !== 'stable');
      this.ignoreOffer = !this.o.polite && collision;
      if (this.ignoreOffer) return;
      await pc.setRemoteDescription(description);
      if (description.type !== 'offer') return;
      if (this.o.polite) this.attachGuestTracks(pc);
      const answer = await pc.createAnswer();
      await pc.setLocalDescription({ type: 'answer', sdp: tuneOpus(answer.sdp ?? '') });
      await this.send({
        kind: 'description',
        description: { type: 'answer', sdp: pc.localDescription!.sdp },
      });
    } catch (err) {
      console.error('live call: signal failed', err);
    }
  }

  /** The guest answers on the host's transceivers: the microphone on audio, the screen on video. */
  private attachGuestTracks(pc: RTCPeerConnection) {
    for (const t of pc.getTransceivers()) {
      const kind = t.receiver.track.kind;
      if (kind === 'audio' && t.sender.track !== this.mic) {
        void t.sender.replaceTrack(this.mic);
        t.direction = 'sendrecv';
      }
      if (kind === 'video') {
        preferVp8(t);
        t.direction = 'sendrecv';
        if (this.screen && t.sender.track !== this.screen) void t.sender.replaceTrack(this.screen);
      }
    }
  }

  setMuted(muted: boolean) {
    if (this.mic) this.mic.enabled = !muted;
    this.set({ muted });
    void this.send({ kind: 'mute', muted });
  }

  /** The host hands over (or takes back) control of the workstation; the server enforces it. */
  setGuestControl(on: boolean) {
    this.set({ guestControl: on });
    void this.send({ kind: 'control', guest_control: on });
  }

  /** Shares the screen on the video transceiver (replaceTrack: no renegotiation). */
  async shareScreen() {
    const stream = await navigator.mediaDevices.getDisplayMedia({ video: true, audio: false });
    this.screen = stream.getVideoTracks()[0];
    this.screen.onended = () => void this.stopShare();
    await this.videoSender()?.replaceTrack(this.screen);
    this.set({ sharing: true });
    await this.send({ kind: 'screen', sharing: true });
  }

  async stopShare() {
    this.screen?.stop();
    this.screen = null;
    await this.videoSender()?.replaceTrack(null);
    this.set({ sharing: false });
    await this.send({ kind: 'screen', sharing: false });
  }

  private videoSender() {
    return this.pc?.getTransceivers().find((t) => t.receiver.track.kind === 'video')?.sender;
  }

  /** Inbound/outbound RTP figures (the e2e reads them; a stats view could too). */
  async stats() {
    const out: { kind: string; type: string; bytes: number; frames: number }[] = [];
    if (!this.pc) return out;
    (await this.pc.getStats()).forEach((s: Record<string, unknown>) => {
      if (s.type === 'inbound-rtp' || s.type === 'outbound-rtp')
        out.push({
          kind: String(s.kind),
          type: String(s.type),
          bytes: Number(s.type === 'inbound-rtp' ? s.bytesReceived : s.bytesSent) || 0,
          frames: Number(s.framesDecoded ?? s.framesEncoded ?? 0) || 0,
        });
    });
    return out;
  }

  /** Tells the other side (end) when asked, then closes everything. */
  async leave(tellOther: boolean) {
    if (tellOther) await this.send({ kind: 'end' });
    this.close();
  }

  close() {
    this.o.socket.off('live_signal', this.onSignal);
    this.o.socket.off('connect', this.onConnect);
    this.o.socket.emit('leave', `live:${this.o.collabId}`);
    this.pc?.close();
    this.pc = null;
    this.mic?.stop();
    this.screen?.stop();
    this.set({ phase: 'ended' });
  }
}

function preferVp8(t: RTCRtpTransceiver) {
  const codecs = RTCRtpReceiver.getCapabilities?.('video')?.codecs ?? [];
  const vp8 = codecs.filter((c) => /vp8/i.test(c.mimeType));
  const rest = codecs.filter((c) => /rtx|red|ulpfec/i.test(c.mimeType));
  if (vp8.length && typeof t.setCodecPreferences === 'function') {
    try {
      t.setCodecPreferences([...vp8, ...rest]);
    } catch {
      // an engine without these codecs negotiates its default
    }
  }
}
