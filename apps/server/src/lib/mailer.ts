import { eq } from 'drizzle-orm';
import type { FastifyBaseLogger } from 'fastify';
import nodemailer from 'nodemailer';
import type { Db } from '../db/client.ts';
import { mailOutbox } from '../db/schema.ts';
import type { Clock } from './clock.ts';

export interface Mail {
  to: string;
  subject: string;
  body: string;
}

export interface Mailer {
  send(mail: Mail): Promise<void>;
}

/**
 * The one way mail leaves the platform. Every mail is kept in the outbox table (staff can read it);
 * with SMTP_URL it is also sent, otherwise the log prints it so a self-hoster sees reset links.
 */
export function createMailer(deps: {
  db: Db;
  clock: Clock;
  log: FastifyBaseLogger;
  smtpUrl?: string;
  from: string;
}): Mailer {
  const transport = deps.smtpUrl ? nodemailer.createTransport(deps.smtpUrl) : undefined;
  return {
    async send(mail) {
      const [row] = await deps.db.insert(mailOutbox).values(mail).returning({ id: mailOutbox.id });
      if (!row) throw new Error('outbox insert returned nothing');
      if (!transport) {
        deps.log.info(
          { to: mail.to, subject: mail.subject, body: mail.body },
          'mail kept in outbox (no SMTP_URL)',
        );
        return;
      }
      try {
        await transport.sendMail({ from: deps.from, to: mail.to, subject: mail.subject, text: mail.body });
        await deps.db.update(mailOutbox).set({ sentAt: deps.clock.now() }).where(eq(mailOutbox.id, row.id));
      } catch (e) {
        // A mail server outage must not fail the user's request; staff see the error in the outbox.
        deps.log.error({ err: e, to: mail.to }, 'mail send failed');
        await deps.db
          .update(mailOutbox)
          .set({ error: (e as Error).message })
          .where(eq(mailOutbox.id, row.id));
      }
    },
  };
}
