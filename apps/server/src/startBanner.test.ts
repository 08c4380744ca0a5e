import { describe, expect, it } from 'vitest';
import { DEMO_EDITOR, DEMO_LOGIN } from './seed.ts';
import { startBanner } from './startBanner.ts';

const config = {
  publicUrl: 'http://localhost:3000',
  DEMO_SEED: true,
  outboxEnabled: true,
  smtpEnabled: false,
};
const text = (c: typeof config) =>
  startBanner(c, 'PGlite in ./data/pg')
    .map((l) => l.text)
    .join('\n');

describe('the start banner', () => {
  it("prints the producer's and the editor's demo logins, the outbox and the docs", () => {
    const printed = text(config);
    expect(printed).toContain('Rushes is running at http://localhost:3000  (database: PGlite in ./data/pg)');
    expect(printed).toContain(`${DEMO_LOGIN.email} / ${DEMO_LOGIN.password}`);
    expect(printed).toContain(`${DEMO_EDITOR.email} / ${DEMO_EDITOR.password}`);
    expect(printed).toContain('http://localhost:3000/outbox');
    expect(printed).toContain('http://localhost:3000/api/docs');
  });

  it('prints no login without the demo seed, and warns when mail goes nowhere', () => {
    const lines = startBanner({ ...config, DEMO_SEED: false, outboxEnabled: false }, 'PostgreSQL');
    const printed = lines.map((l) => l.text).join('\n');
    expect(printed).not.toContain(DEMO_LOGIN.email);
    expect(printed).not.toContain(DEMO_EDITOR.email);
    expect(lines.filter((l) => l.level === 'warn').map((l) => l.text)).toEqual([
      'No SMTP_URL: mails are stored but not sent (set SMTP_URL, or MAIL_OUTBOX=true)',
    ]);
  });
});
