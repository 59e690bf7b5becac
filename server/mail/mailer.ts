import { randomBytes } from 'node:crypto';
import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import nodemailer from 'nodemailer';
import SMTPTransport from 'nodemailer/lib/smtp-transport/index.js';

export interface MailMessage {
  to: string;
  subject: string;
  text: string;
  html: string;
}

export interface MailLogger {
  info(obj: object, msg: string): void;
  warn(obj: object, msg: string): void;
}

export interface MailerOptions {
  /** smtp:// or smtps:// URL; without it mail goes to `outboxDir` instead. */
  smtpUrl?: string;
  outboxDir: string;
  /** The From header, e.g. `"Nordlys" <noreply@example.com>`. */
  from: string;
  logger: MailLogger;
  /** Connection and greeting timeout for SMTP in ms (default 10000). */
  timeoutMs?: number;
}

export interface Mailer {
  /** Resolves once the SMTP server accepted the message (or the file is written); rejects with a MailError otherwise. */
  send(message: MailMessage): Promise<void>;
  describe(): string;
  close(): Promise<void>;
}

/** Delivery failed. The message is safe to show and log: it never carries credentials. */
export class MailError extends Error {
  override readonly name = 'MailError';

  constructor(
    message: string,
    /** nodemailer's error code (ECONNECTION, ETIMEDOUT, EAUTH, EENVELOPE, ...) when there is one. */
    readonly code?: string,
  ) {
    super(message);
  }
}

const DEFAULT_TIMEOUT_MS = 10_000;

export function createMailer(options: MailerOptions): Mailer {
  return options.smtpUrl ? createSmtpMailer(options, options.smtpUrl) : createOutboxMailer(options);
}

interface SmtpTarget {
  /** `smtp://host:port` without credentials, for logs and error messages. */
  display: string;
  /** Secrets that must never reach a log line or an error message. */
  secrets: string[];
}

function parseSmtpUrl(smtpUrl: string): SmtpTarget {
  let url: URL;
  try {
    url = new URL(smtpUrl);
  } catch {
    // Not echoing the value: it may well contain a password.
    throw new MailError('SMTP_URL is not a valid URL');
  }
  if (url.protocol !== 'smtp:' && url.protocol !== 'smtps:') {
    throw new MailError(`SMTP_URL must start with smtp:// or smtps://, not ${url.protocol}//`);
  }
  // nodemailer's defaults, so the description names the port it really dials.
  const port = url.port || (url.protocol === 'smtps:' ? '465' : '587');
  const secrets = [url.password, safeDecode(url.password)].filter((s) => s.length > 0);
  return { display: `${url.protocol}//${url.hostname}:${port}`, secrets };
}

function safeDecode(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}

function errorCode(error: unknown): string | undefined {
  if (typeof error === 'object' && error !== null && 'code' in error) {
    const { code } = error;
    if (typeof code === 'string') return code;
  }
  return undefined;
}

function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}

function scrub(message: string, secrets: string[]): string {
  let out = message;
  for (const secret of secrets) out = out.split(secret).join('***');
  // Server responses can be long multi-line dumps; the first line says what went wrong.
  const firstLine = out.split(/\r?\n/, 1)[0] ?? '';
  return firstLine.length > 200 ? `${firstLine.slice(0, 197)}...` : firstLine;
}

function createSmtpMailer(options: MailerOptions, smtpUrl: string): Mailer {
  const target = parseSmtpUrl(smtpUrl);
  const timeoutMs = options.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  // Going through SMTPTransport rather than createTransport(url) lets the timeouts act as
  // defaults that query parameters in the URL still override (nodemailer merges url over options).
  const transport = new SMTPTransport({
    url: smtpUrl,
    connectionTimeout: timeoutMs,
    greetingTimeout: timeoutMs,
    dnsTimeout: timeoutMs,
    // Inactivity limit once talking; generous because servers may scan a message before the 250.
    socketTimeout: timeoutMs * 6,
    logger: false,
  });
  const transporter = nodemailer.createTransport(transport);
  let closed = false;

  return {
    async send(message) {
      if (closed) throw new MailError('Mailer is closed');
      try {
        await transporter.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          // Only strings go in; never let content point nodemailer at local files or URLs.
          disableFileAccess: true,
          disableUrlAccess: true,
        });
      } catch (error: unknown) {
        const code = errorCode(error);
        const reason = scrub(errorMessage(error), target.secrets);
        options.logger.warn(
          { to: message.to, subject: message.subject, code, reason },
          `Could not send mail through ${target.display}`,
        );
        throw new MailError(
          `Could not send mail through ${target.display}: ${reason}`.slice(0, 300),
          code,
        );
      }
      options.logger.info({ to: message.to, subject: message.subject }, 'Mail sent');
    },
    describe: () => `SMTP ${target.display}`,
    async close() {
      closed = true;
      transporter.close();
    },
  };
}

function outboxFileName(): string {
  const stamp = new Date().toISOString().replace(/:/g, '-');
  return `${stamp}-${randomBytes(3).toString('hex')}.eml`;
}

/** The first http(s) link in a text, without punctuation that merely ends a sentence. */
function firstLink(text: string): string | undefined {
  const match = /https?:\/\/[^\s<>"]+/.exec(text);
  return match?.[0].replace(/[.,;:!?)\]'"]+$/, '');
}

function createOutboxMailer(options: MailerOptions): Mailer {
  const outboxDir = path.resolve(options.outboxDir);
  // Build the real RFC 822 message so the file opens in any mail client exactly as it would arrive.
  const composer = nodemailer.createTransport({
    streamTransport: true,
    buffer: true,
    newline: 'windows',
  });
  let closed = false;

  return {
    async send(message) {
      if (closed) throw new MailError('Mailer is closed');
      const file = path.join(outboxDir, outboxFileName());
      try {
        const info = await composer.sendMail({
          from: options.from,
          to: message.to,
          subject: message.subject,
          text: message.text,
          html: message.html,
          disableFileAccess: true,
          disableUrlAccess: true,
        });
        if (!Buffer.isBuffer(info.message)) throw new Error('nodemailer returned no buffer');
        // The files hold live reset links: readable by the server's user only.
        await mkdir(outboxDir, { recursive: true, mode: 0o700 });
        await writeFile(file, info.message, { mode: 0o600, flag: 'wx' });
      } catch (error: unknown) {
        const code = errorCode(error);
        const reason = scrub(errorMessage(error), []);
        options.logger.warn(
          { to: message.to, subject: message.subject, code, reason },
          'Could not write mail to the outbox',
        );
        throw new MailError(`Could not write mail to the outbox: ${reason}`, code);
      }
      const link = firstLink(message.text);
      options.logger.info(
        { to: message.to, subject: message.subject, file },
        link ? `Mail written to outbox (no SMTP_URL set): ${link}` : `Mail written to ${file}`,
      );
    },
    describe: () => `outbox ${outboxDir}`,
    async close() {
      closed = true;
      composer.close();
    },
  };
}
