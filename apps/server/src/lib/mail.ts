import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer, { type Transporter } from 'nodemailer';
import type { Database } from '../db/client';
import { mailOutbox } from '../db/schema';

export type Mail = {
  to: string;
  subject: string;
  body: string;
  /** The link the mail carries; in development without SMTP, written to the log. */
  link?: string;
  /** Files sent with the mail (an invoice); the outbox keeps their names only. */
  attachments?: { filename: string; content: Uint8Array; contentType: string }[];
};

/**
 * Sends mail through SMTP when SMTP_URL is set; every mail is also kept in the outbox table. Without
 * SMTP the mail stays there; in development (a server listening on loopback only) its link also goes
 * to the log, so that the flows work on the embedded default. Elsewhere links hold secrets (reset keys)
 * and never reach the log. Sending happens after the request has been answered: a slow mail server must not change
 * how long a call takes (the forgot-password answer must not reveal whether an address exists).
 */
export class MailService {
  private readonly transport: Transporter | null;
  private readonly pending = new Set<Promise<void>>();

  constructor(
    private readonly db: Database,
    smtpUrl: string | undefined,
    private readonly log: FastifyBaseLogger,
    private readonly logLinks: boolean,
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
      this.log.info(
        { mailId: row.id, to: mail.to, subject: mail.subject, link: this.logLinks ? mail.link : undefined },
        'mail kept in the outbox (no SMTP_URL)',
      );
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
