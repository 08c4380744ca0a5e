// The workstation agent: one per cloud session, on the machine beside the desktop. It reads the
// session's manifest, brings the project's media into the home folder, restores the user's settings,
// starts the booked program, sends back what is closed in Renders, and reports its phase every few
// seconds; the heartbeat's answer says when to run the final sync (End, the booked end, idle).
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { createApi, Refused } from '../api.mjs';
import { jsonStore } from '../state.mjs';
import { createUploader, retrying } from '../upload.mjs';
import { capabilitiesOf, idleSeconds, launchProgram } from './launch.mjs';
import { layoutOf, prepareLayout } from './layout.mjs';
import { syncProjectMedia } from './media.mjs';
import { createRenders } from './renders.mjs';
import { restoreSettings, saveSettings } from './settings.mjs';

export const AGENT_API = '/api/cloud/agent';
export const HEARTBEAT_MS = 5000;
export const MANIFEST_MS = 30_000;
/** Heartbeats refused as unauthorised in a row before the agent gives up (the session is gone). */
const REFUSED_LIMIT = 3;

function isAlive(pid) {
  try {
    process.kill(pid, 0);
    return true;
  } catch (err) {
    return err.code === 'EPERM';
  }
}

const sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });

/**
 * Runs the agent until the final sync is done (resolves 0) or the session is gone (resolves 3).
 * `cfg`: { url, token, cloudId, home, display, env, log, heartbeatMs, manifestMs, settleMs }.
 */
export async function runAgentSession(cfg) {
  const { url, token, cloudId, home, display, env = process.env, log = console.log } = cfg;
  const heartbeatMs = cfg.heartbeatMs ?? HEARTBEAT_MS;
  const manifestMs = cfg.manifestMs ?? MANIFEST_MS;
  const api = {
    ...createApi({ url, token }),
    headers: { authorization: `Bearer ${token}`, 'api-type': 'uploader', 'api-version': '1' },
  };
  const agentDir = path.join(home, '.rushes-agent');
  mkdirSync(agentDir, { recursive: true, mode: 0o700 });

  let phase = 'booting';
  let action = 'run';
  let manifest = null;
  let renders = null;
  let capabilities;
  let refusedInRow = 0;
  let finished = null; // the final sync's promise, once begun
  const stopMedia = new AbortController();
  let resolveDone;
  const done = new Promise((r) => (resolveDone = r));

  async function beat() {
    try {
      const answer = await api.post(`${AGENT_API}/heartbeat`, {
        cloud_id: cloudId,
        phase,
        idle_seconds: await idleSeconds(display, env),
        pending: renders ? renders.pending() : 0,
        ...(capabilities ? { capabilities } : {}),
      });
      refusedInRow = 0;
      action = answer?.action ?? action;
      if (action !== 'run') finalSync(`the server asked (${action})`);
    } catch (err) {
      if (err instanceof Refused && (err.status === 401 || err.status === 403)) {
        if (++refusedInRow >= REFUSED_LIMIT) {
          log(`heartbeat refused (${err.message}): the session is over`);
          resolveDone(3);
        }
      } else log(`heartbeat failed: ${err.message} (tried again)`);
    }
  }
  /** The new phase, logged once the server has been told (or the telling failed). */
  const setPhase = async (next) => {
    phase = next;
    await beat();
    log(`phase ${next}`);
  };

  function finalSync(why) {
    if (finished) return finished;
    log(`final sync: ${why}`);
    finished = (async () => {
      stopMedia.abort();
      phase = 'syncing';
      await beat();
      if (renders) {
        await renders.stop();
        const left = await renders.flush();
        if (left) log(`final sync: ${left} file(s) in Renders could not be sent`);
      }
      if (manifest) {
        await saveSettings({ api, cloudId, home, agentDir, log }).catch((err) =>
          log(`settings not saved: ${err.message}`),
        );
      }
      await setPhase('synced');
      resolveDone(0);
    })();
    return finished;
  }

  const timer = setInterval(beat, heartbeatMs);
  const onSignal = () => finalSync('stopped by the machine (SIGTERM)');
  process.on('SIGTERM', onSignal);
  try {
    await setPhase('booting');
    // (a SIGTERM while the server is still out of reach ends the wait: there is nothing to sync yet)
    manifest = await Promise.race([
      retrying(
        () => api.get(`${AGENT_API}/session`, { cloud_id: cloudId }),
        undefined,
        [1000, 2000, 5000, 10_000, 20_000],
      ),
      done.then(() => null),
    ]);
    if (!manifest) return await done;
    action = manifest.action ?? action;
    capabilities = capabilitiesOf(manifest, env);
    const layout = prepareLayout(layoutOf(manifest, home));
    log(`project folder ${layout.projectDir}, renders ${layout.rendersDir}`);
    const uploader = createUploader({ api, state: jsonStore(path.join(agentDir, 'uploads.json')) });
    renders = createRenders({
      api,
      uploader,
      state: jsonStore(path.join(agentDir, 'renders.json')),
      dir: layout.rendersDir,
      dest: { projectDbId: manifest.project.id, folderDbId: null, folderPath: `/${layout.rendersName}` },
      cloudId,
      settleMs: cfg.settleMs,
      log,
    });
    if (action !== 'run') {
      // Restarted while shutting down: only the final sync is left to do.
      await finalSync(`restarted during ${action}`);
    } else {
      renders.start();
      mediaLoop();
      // A restarted agent (the provider restarts one that crashed) finds what it did already: the
      // settings are not restored over the editor's changes, the program is not opened twice.
      const started = jsonStore(path.join(agentDir, 'started.json'));
      if (manifest.settings_url && !started.get('settings_restored')) {
        await restoreSettings({ url: api.abs(manifest.settings_url), home, agentDir, log }).catch((err) =>
          log(`settings not restored: ${err.message}`),
        );
        started.set('settings_restored', true);
      }
      const running = started.get('program_pid');
      if (running && isAlive(running)) log(`program already running (pid ${running})`);
      else if (!finished) {
        const launched = await launchProgram({
          launch: manifest.software?.launch,
          display,
          cwd: layout.projectDir,
          logFile: path.join(agentDir, `${manifest.software?.slug ?? 'program'}.log`),
          env,
          log,
          stopped: () => !!finished,
          onSpawn: (pid) => started.set('program_pid', pid),
        });
        if (launched.skipped) log(`program not started: ${launched.skipped}`);
      }
      if (!finished) await setPhase('started');
    }
    return await done;
  } finally {
    clearInterval(timer);
    // (the SIGTERM handler stays: a stop signal that comes while the agent exits is the same stop)
    stopMedia.abort();
    await renders?.stop();
  }

  /** The media now, then the manifest again every `manifestMs` for files added meanwhile. */
  async function mediaLoop() {
    for (let round = 0; !stopMedia.signal.aborted; round++) {
      try {
        if (round > 0) manifest = await api.get(`${AGENT_API}/session`, { cloud_id: cloudId });
        const got = await syncProjectMedia(manifest, home, {
          signal: stopMedia.signal,
          abs: api.abs,
          log,
        });
        if (got.files) log(`media: ${got.files} file(s), ${got.bytes} bytes in ${got.seconds.toFixed(1)} s`);
      } catch (err) {
        if (!stopMedia.signal.aborted) log(`media: ${err.message} (tried again)`);
      }
      await sleep(manifestMs, stopMedia.signal);
    }
  }
}
