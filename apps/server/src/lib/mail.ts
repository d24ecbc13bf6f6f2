import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export type Mail = {
  to: string;
  subject: string;
  body: string;
  /** Files sent with the mail (an invoice); the outbox keeps their names only. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
};

/**
 * Sends mail through SMTP when SMTP_URL is set; every mail is also kept in the outbox table. Without
 * SMTP the mail stays there, and only there: its links hold secrets (reset keys, invitations, codes),
 * so neither they nor the body reach the log, whatever the configuration (issue 20: a loopback
 * address behind a proxy is a real deployment too). The log names the mail by its outbox id; on a
 * development machine read the outbox (`mail_outbox`). Sending happens after the request has been
 * answered: a slow mail server must not change how long a call takes (the forgot-password answer
 * must not reveal whether an address exists).
 */
export class MailService {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
  ) {
    this.transport = smtpUrl ? nodemailer.createTransport(smtpUrl) : null;
  }

  get sendsMail(): boolean {
    return this.transport !== null;
  }

  async queue(mail: Mail): Promise<void> {
    const [row] = await this.db
      .insert(mailOutbox)
      .values({
        recipient: mail.to,
        subject: mail.subject,
        body: mail.attachments?.length
          ? `${mail.body}\n\n[${mail.attachments.map((a) => a.filename).join(', ')}]`
          : mail.body,
        status: this.transport ? 'queued' : 'kept',
      })
      .returning({ id: mailOutbox.id });
    if (!row) return;
    if (!this.transport) {
      this.log.info({ mailId: row.id }, 'mail kept in the outbox (no SMTP_URL)');
      return;
    }
    const sending = this.deliver(row.id, mail).finally(() => this.pending.delete(sending));
    this.pending.add(sending);
  }

  private async deliver(id: string, mail: Mail): Promise<void> {
    try {
      await this.transport?.sendMail({
        from: 'Panelwright <no-reply@panelwright.local>',
        to: mail.to,
        subject: mail.subject,
        text: mail.body,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          content: Buffer.from(a.content),
          contentType: a.contentType,
        })),
      });
      await this.db
        .update(mailOutbox)
        .set({ status: 'sent', sentAt: new Date() })
        .where(eq(mailOutbox.id, id));
    } catch (error) {
      this.log.warn({ mailId: id, err: error }, 'mail could not be sent');
      await this.db
        .update(mailOutbox)
        .set({ status: 'failed', error: (error as Error).message.slice(0, 500) })
        .where(eq(mailOutbox.id, id))
        .catch(() => {});
    }
  }

  /** Waits for mail being sent (shutdown, tests). */
  async settle(): Promise<void> {
    await Promise.allSettled([...this.pending]);
  }

  close(): void {
    this.transport?.close();
  }
}
