import net from 'node:net';

/**
 * A loopback port nothing listens on now (the OS picks it): for a child process the server starts
 * (x11vnc of a local desktop), and for the tests, e2e runs and benches that start servers of their
 * own. One definition for all of them; they import it from here.
 */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = net.createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as net.AddressInfo;
      srv.close(() => resolve(port));
    });
  });
}
