import { and, desc, eq, gt } from 'drizzle-orm';
import type { Transporter } from 'nodemailer';
import type { Db, DbOrTx } from '../../db/client.ts';
import { mailOutbox } from '../../db/schema/index.ts';
import type { JobQueue } from '../jobs/queue.ts';

declare module '../jobs/queue.ts' {
  interface JobDefinitions {
    'mail.deliver': { mailId: string };
  }
}

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
}

/**
 * Every mail is first written to mail_outbox in the caller's transaction, so a rolled-back action
 * sends nothing and a crash after commit loses nothing. With SMTP a job delivers it (retried with
 * backoff); without SMTP the stored row is the delivery, read on the dev outbox page.
 */
export class Mailer {
  /** Made at the first delivery: nodemailer is not loaded by a server that never sends. */
  private transporter?: Promise<Transporter>;

  constructor(
    private readonly db: Db,
    private readonly jobs: JobQueue,
    private readonly opts: { smtpUrl?: string; from: string; outbox: boolean },
  ) {}

  /** Whether the dev outbox page may read stored mails (never with SMTP; see config). */
  get outboxEnabled() {
    return !this.opts.smtpUrl && this.opts.outbox;
  }

  async send(db: DbOrTx, message: MailMessage): Promise<void> {
    const [row] = await db
      .insert(mailOutbox)
      .values({
        toAddress: message.to,
        subject: message.subject,
        text: message.text,
        status: this.opts.smtpUrl ? 'pending' : 'stored',
      })
      .returning({ id: mailOutbox.id });
    if (this.opts.smtpUrl) await this.jobs.enqueue(db, 'mail.deliver', { mailId: row.id });
  }

  /** The 'mail.deliver' job's handler (declared by the platform manifest). */
  async deliver(mailId: string) {
    const [mail] = await this.db.select().from(mailOutbox).where(eq(mailOutbox.id, mailId)).limit(1);
    const smtpUrl = this.opts.smtpUrl;
    if (!mail || mail.status !== 'pending' || !smtpUrl) return;
    try {
      this.transporter ??= import('nodemailer').then((m) => m.default.createTransport(smtpUrl));
      const transport = await this.transporter;
      await transport.sendMail({
        from: this.opts.from,
        to: mail.toAddress,
        subject: mail.subject,
        text: mail.text,
      });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date(), lastError: null })
        .where(eq(mailOutbox.id, mailId));
    } catch (err) {
      await this.db
        .update(mailOutbox)
        .set({ lastError: String((err as Error).message).slice(0, 500) })
        .where(eq(mailOutbox.id, mailId));
      throw err;
    }
  }

  /** Whether a mail with this subject went to the address within the window (to avoid mail floods). */
  async sentRecently(db: DbOrTx, to: string, subject: string, withinSeconds: number): Promise<boolean> {
    const since = new Date(Date.now() - withinSeconds * 1000);
    const [row] = await db
      .select({ id: mailOutbox.id })
      .from(mailOutbox)
      .where(
        and(eq(mailOutbox.toAddress, to), eq(mailOutbox.subject, subject), gt(mailOutbox.createdAt, since)),
      )
      .limit(1);
    return Boolean(row);
  }

  /** The dev outbox, newest first. */
  async listOutbox(limit = 100) {
    return this.db.select().from(mailOutbox).orderBy(desc(mailOutbox.createdAt)).limit(limit);
  }
}
