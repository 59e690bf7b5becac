import { simpleParser } from 'mailparser';
import type { AddressObject } from 'mailparser';
import { SMTPServer } from 'smtp-server';
import type { SMTPServerDataStream, SMTPServerSession } from 'smtp-server';

export interface ReceivedMail {
  /** The From header as text, e.g. `Nordlys <noreply@example.com>`. */
  from: string;
  /** The addresses in the To header. */
  to: string[];
  subject: string;
  text: string;
  html: string;
  /** The message exactly as it came over the wire. */
  raw: string;
  /** What the client said in MAIL FROM / RCPT TO, which is what delivery actually uses. */
  envelope: { from: string; to: string[] };
}

export interface SmtpSink {
  /** `smtp://127.0.0.1:<port>` */
  url: string;
  /** Every message received so far, in arrival order. */
  messages: ReceivedMail[];
  /** The next message not yet taken by next(), waiting for it if need be. */
  next(timeoutMs?: number): Promise<ReceivedMail>;
  close(): Promise<void>;
}

interface Waiter {
  resolve(mail: ReceivedMail): void;
  reject(error: Error): void;
  timer: NodeJS.Timeout;
}

function addresses(field: AddressObject | AddressObject[] | undefined): string[] {
  if (!field) return [];
  const list = Array.isArray(field) ? field : [field];
  return list.flatMap((group) =>
    group.value.map((entry) => entry.address).filter((a): a is string => Boolean(a)),
  );
}

async function readAll(stream: SMTPServerDataStream): Promise<Buffer> {
  const chunks: Buffer[] = [];
  for await (const chunk of stream) {
    chunks.push(Buffer.isBuffer(chunk) ? chunk : Buffer.from(String(chunk)));
  }
  return Buffer.concat(chunks);
}

/** A real SMTP server on 127.0.0.1 that keeps what it receives, for tests that send mail. */
export async function startSmtpSink(): Promise<SmtpSink> {
  const messages: ReceivedMail[] = [];
  const waiters: Waiter[] = [];
  let taken = 0;

  const deliver = (mail: ReceivedMail): void => {
    messages.push(mail);
    const waiter = waiters.shift();
    if (waiter) {
      clearTimeout(waiter.timer);
      taken += 1;
      waiter.resolve(mail);
    }
  };

  const receive = async (stream: SMTPServerDataStream, session: SMTPServerSession) => {
    const raw = await readAll(stream);
    const parsed = await simpleParser(raw);
    const { mailFrom, rcptTo } = session.envelope;
    return {
      from: parsed.from?.text ?? '',
      to: addresses(parsed.to),
      subject: parsed.subject ?? '',
      text: parsed.text ?? '',
      html: typeof parsed.html === 'string' ? parsed.html : '',
      raw: raw.toString('utf8'),
      envelope: {
        from: mailFrom ? mailFrom.address : '',
        to: rcptTo.map((r) => r.address),
      },
    } satisfies ReceivedMail;
  };

  const server = new SMTPServer({
    authOptional: true,
    // Plain-text only: no TLS certificate to manage, and clients with credentials in the URL
    // may still log in, since any user/password is accepted.
    disabledCommands: ['STARTTLS'],
    allowInsecureAuth: true,
    onAuth(auth, _session, callback) {
      callback(null, { user: auth.username ?? 'anonymous' });
    },
    logger: false,
    // A client that hangs up badly must not keep close() waiting for the 30 s default.
    closeTimeout: 1_000,
    onData(stream, session, callback) {
      receive(stream, session).then(
        (mail) => {
          deliver(mail);
          callback();
        },
        (error: unknown) => callback(error instanceof Error ? error : new Error(String(error))),
      );
    },
  });

  const port = await new Promise<number>((resolve, reject) => {
    server.server.once('error', reject);
    server.listen(0, '127.0.0.1', () => {
      server.server.off('error', reject);
      const address = server.server.address();
      if (typeof address === 'object' && address) resolve(address.port);
      else reject(new Error('SMTP sink did not get a TCP port'));
    });
  });

  return {
    url: `smtp://127.0.0.1:${port}`,
    messages,
    next(timeoutMs = 5_000) {
      const ready = messages[taken];
      if (ready) {
        taken += 1;
        return Promise.resolve(ready);
      }
      return new Promise<ReceivedMail>((resolve, reject) => {
        const waiter: Waiter = {
          resolve,
          reject,
          timer: setTimeout(() => {
            const index = waiters.indexOf(waiter);
            if (index >= 0) waiters.splice(index, 1);
            reject(new Error(`No mail arrived at the SMTP sink within ${timeoutMs} ms`));
          }, timeoutMs),
        };
        waiters.push(waiter);
      });
    },
    close() {
      for (const waiter of waiters.splice(0)) {
        clearTimeout(waiter.timer);
        waiter.reject(new Error('SMTP sink closed'));
      }
      return new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}
