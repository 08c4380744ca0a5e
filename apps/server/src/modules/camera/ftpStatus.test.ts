import net from 'node:net';
import { afterAll, describe, expect, it } from 'vitest';
import { API, type C2eSession } from '@rushes/shared';
import { createTestApp, type TestApp } from '../../../test/harness.ts';
import { studio } from '../projects/projects.testkit.ts';
import { call, createSession } from './camera.testkit.ts';
import { startFtpServer } from './ftpServer.ts';
import { ftpUnavailable } from './ftpStatus.ts';

const apps: TestApp[] = [];
afterAll(async () => {
  for (const app of apps.reverse()) await app.close();
});
const app = async (env: Record<string, string>, o: { sameDatabaseAs?: TestApp } = {}) => {
  const t = await createTestApp({ RATE_LIMIT: 'false', ...env }, o);
  apps.push(t);
  return t;
};

async function sessionOf(t: TestApp) {
  const { owner, projectId } = await studio(t);
  const s = await createSession(t, owner, projectId);
  const res = await call<{ c2e_session: C2eSession }>(t, 'GET', API.camera.session, owner, {
    project_db_id: projectId,
    c2e_session_db_id: s.c2e_session_db_id,
  });
  return res.body.data.c2e_session;
}

describe('whether camera FTP is available, as the session details tell it', () => {
  it('a taken FTP port: the server runs on and the session says port_in_use', async () => {
    const squatter = net.createServer();
    await new Promise<void>((r) => squatter.listen(0, '0.0.0.0', r));
    const port = (squatter.address() as net.AddressInfo).port;
    try {
      const t = await app({ FTP_PORT: String(port) });
      await expect(startFtpServer(t.ctx, t.app.log)).rejects.toMatchObject({ code: 'EADDRINUSE' });
      expect(await sessionOf(t)).toMatchObject({ status: 'active', ftp_unavailable: 'port_in_use' });
    } finally {
      squatter.close();
    }
  });

  it('a listening FTP server: null; FTP turned off on the only node: off', async () => {
    const on = await app({ FTP_PORT: '0' });
    await startFtpServer(on.ctx, on.app.log);
    expect((await sessionOf(on)).ftp_unavailable).toBeNull();
    const off = await app({ FTP_ENABLED: 'false' });
    expect((await sessionOf(off)).ftp_unavailable).toBe('off');
  });

  it.runIf(process.env.REDIS_URL)(
    'a node without the FTP server tells what the serving node published',
    async () => {
      const serving = await app({ FTP_PORT: '0' });
      const other = await app({ FTP_ENABLED: 'false' }, { sameDatabaseAs: serving });
      expect(await ftpUnavailable(other.ctx)).toBe('off');
      const ftp = await startFtpServer(serving.ctx, serving.app.log);
      await expect.poll(() => ftpUnavailable(other.ctx)).toBeNull();
      await ftp.close();
      await serving.app.close();
      await expect.poll(() => ftpUnavailable(other.ctx)).toBe('off');
    },
  );
});
