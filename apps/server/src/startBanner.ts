import type { Config } from './config.ts';
import { DEMO_EDITOR, DEMO_LOGIN } from './seed.ts';

export interface BannerLine {
  level: 'log' | 'warn';
  text: string;
}

/**
 * What `npm start` prints once the server listens: where it runs, both demo logins (the producer
 * and the editor, so a second browser can play the other side), the mail outbox and the API docs.
 */
export function startBanner(
  config: Pick<Config, 'publicUrl' | 'DEMO_SEED' | 'outboxEnabled' | 'smtpEnabled'>,
  database: string,
): BannerLine[] {
  const lines: BannerLine[] = [
    { level: 'log', text: `\nRushes is running at ${config.publicUrl}  (database: ${database})` },
  ];
  if (config.DEMO_SEED) {
    lines.push(
      { level: 'log', text: `Demo login (producer): ${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}` },
      { level: 'log', text: `Demo login (editor):   ${DEMO_EDITOR.email} / ${DEMO_EDITOR.password}` },
    );
  }
  if (config.outboxEnabled)
    lines.push({ level: 'log', text: `Mail outbox (no SMTP configured): ${config.publicUrl}/outbox` });
  else if (!config.smtpEnabled)
    lines.push({
      level: 'warn',
      text: 'No SMTP_URL: mails are stored but not sent (set SMTP_URL, or MAIL_OUTBOX=true)',
    });
  lines.push({ level: 'log', text: `API docs: ${config.publicUrl}/api/docs\n` });
  return lines;
}
