import { useCallback, useEffect, useRef, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { Ack } from '@dcs/common/live/live.contract';
import type { VoiceChannel, VoiceJoined, VoicePeerEvent, VoiceSignalEvent, VoiceSignalPayload } from '@dcs/common/live/voice.contract';
import { useAuth } from '../../../auth/auth-context';
import { useMe } from '../../../auth/use-me';
import { useLiveSocket } from '../../../live/socket';
import { iceServersQuery } from '../api/voice-queries';
import { ClipRecorder } from './clip-recorder';

export type VoiceMode = 'open' | 'push';
export interface VoiceError {
  code: string;
  message: string;
}

/** One person this page has a voice link with. */
interface Peer {
  userId: string;
  seat: number;
  channel: VoiceChannel;
  pc: RTCPeerConnection;
  pending: RTCIceCandidateInit[];
  audio: HTMLAudioElement | null;
  analyser: AnalyserNode | null;
  stream: MediaStream | null;
  recorder: ClipRecorder | null;
}

function ack<T>(send: (cb: (res: Ack<T>) => void) => void): Promise<Ack<T>> {
  return new Promise((resolve) => {
    const timer = setTimeout(() => resolve({ ok: false, error: { code: 'NO_ANSWER', message: 'The table did not answer.' } }), 10_000);
    send((res) => {
      clearTimeout(timer);
      resolve(res);
    });
  });
}

/** An analyser's level: the RMS of the waveform, 0 (silence) … 1. */
function levelOf(analyser: AnalyserNode, buf: Uint8Array<ArrayBuffer>): number {
  analyser.getByteTimeDomainData(buf);
  let sum = 0;
  for (const v of buf) sum += ((v - 128) / 128) ** 2;
  return Math.sqrt(sum / buf.length);
}

/**
 * Voice at a table (SPEC 6): WebRTC peer to peer, the platform only relaying the signalling over the
 * live socket. Turning voice on asks for the microphone, tells the server (which refuses where there
 * is no voice for this player), and calls each peer it names; peers who come later call this page.
 * Open mic or push-to-talk (the microphone track is enabled only while talking); a muted person's audio
 * is not played. Each voice heard is kept for its last 60 s in memory (16 kHz PCM) for a report (ClipRecorder).
 */
export function useVoice(gameId: string, muted: Set<string>) {
  const { socket } = useLiveSocket();
  const { token } = useAuth();
  const ice = useQuery(iceServersQuery(token));
  const [on, setOn] = useState(false);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<VoiceError | null>(null);
  const [mode, setModeState] = useState<VoiceMode>('open');
  const [talking, setTalking] = useState(false);
  const [levels, setLevels] = useState<Record<string, number>>({});
  const [peerIds, setPeerIds] = useState<string[]>([]);
  const peers = useRef(new Map<string, Peer>());
  const local = useRef<{ stream: MediaStream; ctx: AudioContext; analyser: AnalyserNode } | null>(null);
  /** set while voice is on or being turned on: resolves true once the microphone is ready (false: it was not) */
  const ready = useRef<Promise<boolean> | null>(null);
  const me = useMe();
  const myId = useRef<string | null>(null);
  myId.current = me.data?.id ?? null;
  const mutedRef = useRef(muted);
  mutedRef.current = muted;

  const signal = useCallback((s: VoiceSignalPayload) => ack<{ gameId: string }>((cb) => socket.emit('voice:signal', s, cb)), [socket]);

  const micEnabled = (m: VoiceMode, t: boolean) => local.current?.stream.getAudioTracks().forEach((track) => (track.enabled = m === 'open' || t));

  const close = useCallback((userId: string) => {
    const p = peers.current.get(userId);
    if (!p) return;
    p.pc.close();
    p.recorder?.stop();
    p.audio?.remove();
    peers.current.delete(userId);
    setPeerIds([...peers.current.keys()]);
  }, []);

  /** A connection to one person, with this page's microphone on it. */
  const connect = useCallback(
    (userId: string, seat: number, channel: VoiceChannel): Peer => {
      close(userId);
      const pc = new RTCPeerConnection({ iceServers: ice.data?.iceServers ?? [] });
      const peer: Peer = { userId, seat, channel, pc, pending: [], audio: null, analyser: null, stream: null, recorder: null };
      for (const track of local.current?.stream.getAudioTracks() ?? []) pc.addTrack(track, local.current!.stream);
      pc.onicecandidate = (e) => void signal({ gameId, to: userId, kind: 'candidate', candidate: e.candidate ? e.candidate.toJSON() as VoiceSignalPayload['candidate'] : null });
      pc.ontrack = (e) => {
        const stream = e.streams[0] ?? new MediaStream([e.track]);
        // Chrome feeds WebAudio from a remote stream only while a media element plays it.
        const audio = document.createElement('audio');
        audio.autoplay = true;
        audio.srcObject = stream;
        audio.muted = mutedRef.current.has(userId);
        audio.dataset.voiceOf = userId;
        document.body.appendChild(audio);
        void audio.play().catch(() => undefined);
        peer.audio = audio;
        peer.stream = stream;
        if (local.current) peer.recorder = new ClipRecorder(stream, local.current.ctx);
      };
      peers.current.set(userId, peer);
      setPeerIds([...peers.current.keys()]);
      return peer;
    },
    [close, gameId, ice.data, signal],
  );

  // The socket's voice events for this game, heard from the moment voice is asked for (an offer may come before the microphone is ready: it waits for it).
  useEffect(() => {
    const onPeer = (e: VoicePeerEvent) => {
      if (e.gameId !== gameId || !ready.current) return;
      if (!e.on) close(e.userId);
      // on: the newcomer calls; nothing to do until their offer arrives.
    };
    const onSignal = async (e: VoiceSignalEvent) => {
      if (e.gameId !== gameId || !ready.current) return;
      try {
        if (!(await ready.current)) return;
        if (e.kind === 'offer' && e.sdp) {
          // Both called at once (glare): the caller with the smaller id keeps its own offer, the other answers.
          const mine = peers.current.get(e.from);
          if (mine && mine.pc.signalingState === 'have-local-offer' && myId.current && myId.current < e.from) return;
          const peer = connect(e.from, e.seat, e.channel);
          await peer.pc.setRemoteDescription({ type: 'offer', sdp: e.sdp });
          for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c);
          const answer = await peer.pc.createAnswer();
          await peer.pc.setLocalDescription(answer);
          await signal({ gameId, to: e.from, kind: 'answer', sdp: answer.sdp ?? '' });
          return;
        }
        const peer = peers.current.get(e.from);
        if (!peer) return;
        if (e.kind === 'answer' && e.sdp) {
          await peer.pc.setRemoteDescription({ type: 'answer', sdp: e.sdp });
          for (const c of peer.pending.splice(0)) await peer.pc.addIceCandidate(c);
        } else if (e.kind === 'candidate' && e.candidate) {
          const c = e.candidate as RTCIceCandidateInit;
          if (peer.pc.remoteDescription) await peer.pc.addIceCandidate(c);
          else peer.pending.push(c);
        }
      } catch {
        // A signal that no longer fits (the peer turned voice off meanwhile): the link is dropped.
        close(e.from);
      }
    };
    const onSignalSync = (e: VoiceSignalEvent) => void onSignal(e);
    socket.on('voice:peer', onPeer);
    socket.on('voice:signal', onSignalSync);
    return () => {
      socket.off('voice:peer', onPeer);
      socket.off('voice:signal', onSignalSync);
    };
  }, [socket, gameId, connect, close, signal]);

  // Speaking levels, ten times a second.
  useEffect(() => {
    if (!on) return;
    const buf = new Uint8Array(512);
    const timer = setInterval(() => {
      const next: Record<string, number> = {};
      if (local.current) next.me = local.current.stream.getAudioTracks().some((t) => t.enabled) ? levelOf(local.current.analyser, buf) : 0;
      for (const p of peers.current.values()) {
        if (!p.analyser && p.stream && local.current) {
          p.analyser = local.current.ctx.createAnalyser();
          p.analyser.fftSize = 512;
          local.current.ctx.createMediaStreamSource(p.stream).connect(p.analyser);
        }
        next[p.userId] = p.analyser ? levelOf(p.analyser, buf) : 0;
      }
      setLevels(next);
    }, 100);
    return () => clearInterval(timer);
  }, [on]);

  // A mute applies at once to the audio playing.
  useEffect(() => {
    for (const p of peers.current.values()) if (p.audio) p.audio.muted = muted.has(p.userId);
  }, [muted]);

  const stop = useCallback(() => {
    ready.current = null;
    for (const id of [...peers.current.keys()]) close(id);
    local.current?.stream.getTracks().forEach((t) => t.stop());
    void local.current?.ctx.close();
    local.current = null;
    setLevels({});
    setOn(false);
  }, [close]);

  const start = useCallback(async () => {
    setBusy(true);
    setError(null);
    let micReady: (ok: boolean) => void = () => undefined;
    ready.current = new Promise<boolean>((resolve) => (micReady = resolve));
    try {
      // The server decides first: no microphone is asked for where there is no voice for this player.
      const joined = await ack<VoiceJoined>((cb) => socket.emit('voice:join', { gameId }, cb));
      if (!joined.ok) {
        ready.current = null;
        micReady(false);
        setError(joined.error);
        return;
      }
      let stream: MediaStream;
      try {
        stream = await navigator.mediaDevices.getUserMedia({ audio: { echoCancellation: true, noiseSuppression: true }, video: false });
      } catch (err) {
        ready.current = null;
        micReady(false);
        await ack((cb) => socket.emit('voice:leave', { gameId }, cb));
        setError({ code: 'MICROPHONE', message: (err as Error).message });
        return;
      }
      const ctx = new AudioContext();
      void ctx.resume().catch(() => undefined);
      const analyser = ctx.createAnalyser();
      analyser.fftSize = 512;
      ctx.createMediaStreamSource(stream).connect(analyser);
      local.current = { stream, ctx, analyser };
      micEnabled(mode, talking);
      setOn(true);
      micReady(true);
      for (const p of joined.peers) {
        const peer = connect(p.userId, p.seat, p.channel);
        const offer = await peer.pc.createOffer();
        await peer.pc.setLocalDescription(offer);
        const sent = await signal({ gameId, to: p.userId, kind: 'offer', sdp: offer.sdp ?? '' });
        if (!sent.ok) {
          close(p.userId);
          setError(sent.error);
        }
      }
    } finally {
      setBusy(false);
    }
    // (the mode and talking state at the moment voice is turned on)
  }, [socket, gameId, connect, close, signal]);

  const turnOff = useCallback(async () => {
    stop();
    await ack((cb) => socket.emit('voice:leave', { gameId }, cb));
  }, [socket, gameId, stop]);

  useEffect(() => () => stop(), [stop]);

  const setMode = (m: VoiceMode) => {
    setModeState(m);
    micEnabled(m, talking);
  };
  const talk = (t: boolean) => {
    setTalking(t);
    micEnabled(mode, t);
  };
  const clipOf = useCallback(async (userId: string) => (await peers.current.get(userId)?.recorder?.clip()) ?? null, []);

  return { on, busy, error, mode, talking, levels, peerIds, start, turnOff, setMode, talk, clipOf };
}
