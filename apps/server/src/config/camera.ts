import { z } from 'zod';

export const camera = {
  FTP_ENABLED: z
    .enum(['true', 'false', '1', '0'])
    .default('true')
    .describe(
      'camera to edit: run the FTP/FTPS server cameras upload to on this node (`false` to turn it off); with several nodes run it on one: the others tell the session details what it published in Redis, and camera FTP is off when no node runs it',
    ),
  FTP_HOST: z.string().default('0.0.0.0').describe('where the camera FTP server listens'),
  FTP_PORT: z.coerce
    .number()
    .int()
    .min(0)
    .max(65535)
    .default(2121)
    .describe('the camera FTP server’s control port (`0`: a free port, tests)'),
  FTP_PUBLIC_HOST: z.string().optional().meta({
    default: 'unset: the host the browser reached the app by',
    description:
      'the host name the session details tell camera operators; unset, the web shows the host of the address the app was opened at (`window.location.hostname`), so a laptop opened as `192.168.1.20` tells a LAN camera `192.168.1.20`, not `localhost`',
  }),
  FTP_PASV_URL: z.string().optional().meta({
    default:
      '`FTP_PUBLIC_HOST` when it is an IPv4 address, else the address each camera’s control connection reached',
    description:
      'the IPv4 address passive-mode (PASV) replies announce: set it to the server’s public IP behind NAT; unset, a camera on the LAN is told the LAN address it connected to (a loopback client is told loopback)',
  }),
  FTP_PASV_MIN: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .default(30000)
    .describe('start of the passive data port range (open it in the firewall)'),
  FTP_PASV_MAX: z.coerce
    .number()
    .int()
    .min(1024)
    .max(65535)
    .default(30100)
    .describe('end of the passive data port range'),
  FTP_TLS_CERT: z
    .string()
    .optional()
    .describe(
      'PEM file of the FTPS certificate; without it and `FTP_TLS_KEY` a self-signed pair is generated into `DATA_DIR/ftp-tls`',
    ),
  FTP_TLS_KEY: z.string().optional().describe('PEM file of the FTPS key'),
  FTP_MAX_FILE_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(256 * 1024 ** 3)
    .describe('size cap per received file'),
  FTP_MAX_SESSION_BYTES: z.coerce
    .number()
    .int()
    .positive()
    .default(2 * 1024 ** 4)
    .describe('size cap per camera-to-edit (C2E) session'),
  FTP_COMMIT_GRACE_MS: z.coerce
    .number()
    .int()
    .min(0)
    .max(60_000)
    .default(2000)
    .describe(
      'a received file becomes an asset at the camera’s next command (or QUIT), or after this long with its control connection open; a connection that drops first discards it',
    ),
  FTP_LOGIN_MAX_FAILURES: z.coerce
    .number()
    .int()
    .positive()
    .default(10)
    .describe(
      'failed camera FTP logins allowed per C2E session and per client address in `FTP_LOGIN_WINDOW_S`; then that session’s or address’s logins are refused, the right password too, until the window ends (in Redis with `REDIS_URL`; off with `RATE_LIMIT=false`)',
    ),
  FTP_LOGIN_WINDOW_S: z.coerce
    .number()
    .int()
    .positive()
    .default(900)
    .describe(
      'seconds from the first failed camera FTP login that the failures are counted (and a full count refuses)',
    ),
};
