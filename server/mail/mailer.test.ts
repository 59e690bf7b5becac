import { mkdtemp, readdir, readFile, rm, stat, writeFile } from 'node:fs/promises';
import net from 'node:net';
import os from 'node:os';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { freePort } from '../../tests/helpers/free-port.ts';
import { startSmtpSink } from '../../tests/helpers/smtp-sink.ts';
import type { SmtpSink } from '../../tests/helpers/smtp-sink.ts';
import { createMailer, MailError } from './mailer.ts';
import type { MailLogger, Mailer } from './mailer.ts';
import { passwordResetMail } from './templates.ts';

interface LogEntry {
  level: 'info' | 'warn';
  obj: object;
  msg: string;
}

function memoryLogger(): MailLogger & { entries: LogEntry[] } {
  const entries: LogEntry[] = [];
  return {
    entries,
    info: (obj, msg) => entries.push({ level: 'info', obj, msg }),
    warn: (obj, msg) => entries.push({ level: 'warn', obj, msg }),
  };
}

const FROM = '"Nordlys" <noreply@nordlys.example>';
// Longer than the 76 characters a quoted-printable line may hold, so the encoder must break it.
const LONG_LINK =
  'https://nordlys.example/auth/reset-password?token=' +
  'Zm9vYmFyYmF6cXV4LXRoaXMtaXMtYS12ZXJ5LWxvbmctdG9rZW4tdGhhdC1tdXN0LXN1cnZpdmU' +
  '&user=42&lang=da';

let tmp: string;
let mailers: Mailer[];

beforeEach(async () => {
  tmp = await mkdtemp(path.join(os.tmpdir(), 'nordlys-mail-'));
  mailers = [];
});

afterEach(async () => {
  await Promise.all(mailers.map((m) => m.close()));
  await rm(tmp, { recursive: true, force: true });
});

function mailer(options: Partial<Parameters<typeof createMailer>[0]>): Mailer {
  const created = createMailer({
    outboxDir: path.join(tmp, 'outbox'),
    from: FROM,
    logger: memoryLogger(),
    ...options,
  });
  mailers.push(created);
  return created;
}

describe('SMTP mailer', () => {
  let sink: SmtpSink;

  beforeEach(async () => {
    sink = await startSmtpSink();
  });

  afterEach(async () => {
    await sink.close();
  });

  it('delivers to the SMTP server with from, to, subject and both parts', async () => {
    const logger = memoryLogger();
    const m = mailer({ smtpUrl: sink.url, logger });
    const rendered = passwordResetMail({
      language: 'da',
      name: 'Søren',
      link: 'https://nordlys.example/r/abc',
      expiresInHours: 2,
    });

    await m.send({ to: 'soren@example.com', ...rendered });
    const mail = await sink.next();

    expect(mail.from).toBe(FROM);
    expect(mail.to).toEqual(['soren@example.com']);
    expect(mail.envelope).toEqual({ from: 'noreply@nordlys.example', to: ['soren@example.com'] });
    expect(mail.subject).toBe('Nulstil din adgangskode til Nordlys');
    expect(mail.text).toContain('Hej Søren,');
    expect(mail.text).toContain('https://nordlys.example/r/abc');
    expect(mail.html).toContain('href="https://nordlys.example/r/abc"');
    expect(m.describe()).toBe(`SMTP ${sink.url}`);

    expect(logger.entries).toEqual([
      {
        level: 'info',
        obj: { to: 'soren@example.com', subject: rendered.subject },
        msg: expect.any(String),
      },
    ]);
    expect(JSON.stringify(logger.entries)).not.toContain('abc');
  });

  it('keeps a link longer than a quoted-printable line intact', async () => {
    expect(LONG_LINK.length).toBeGreaterThan(76);
    const m = mailer({ smtpUrl: sink.url });
    const rendered = passwordResetMail({
      language: 'da',
      name: 'Åse',
      link: LONG_LINK,
      expiresInHours: 1,
    });

    await m.send({ to: 'aase@example.com', ...rendered });
    const mail = await sink.next();

    // The wire form really is soft-wrapped; the decoded text must still hold the whole URL.
    expect(mail.raw).toMatch(/quoted-printable/i);
    expect(mail.raw).not.toContain(LONG_LINK);
    expect(mail.text).toContain(LONG_LINK);
    expect(mail.text.split('\n').map((line) => line.trim())).toContain(LONG_LINK);
    expect(mail.html).toContain(LONG_LINK.replaceAll('&', '&amp;'));
  });

  it('sends one message per call, in order', async () => {
    const m = mailer({ smtpUrl: sink.url });
    await m.send({ to: 'a@example.com', subject: 'one', text: 'first', html: '<p>first</p>' });
    await m.send({ to: 'b@example.com', subject: 'two', text: 'second', html: '<p>second</p>' });
    expect((await sink.next()).subject).toBe('one');
    expect((await sink.next()).subject).toBe('two');
    expect(sink.messages).toHaveLength(2);
  });

  it('logs in with credentials from the URL but never shows the password', async () => {
    const url = sink.url.replace('smtp://', 'smtp://mailuser:s3cr3t-pass@');
    const m = mailer({ smtpUrl: url });
    expect(m.describe()).toBe(`SMTP ${sink.url}`);
    await m.send({ to: 'c@example.com', subject: 'auth', text: 'hi', html: '<p>hi</p>' });
    expect((await sink.next()).subject).toBe('auth');
  });

  it('refuses to send after close', async () => {
    const m = mailer({ smtpUrl: sink.url });
    await m.close();
    await expect(
      m.send({ to: 'd@example.com', subject: 'x', text: 'x', html: 'x' }),
    ).rejects.toBeInstanceOf(MailError);
  });
});

describe('SMTP failures', () => {
  const message = { to: 'e@example.com', subject: 'Hello', text: 'body', html: '<p>body</p>' };

  it('rejects quickly with a MailError when nothing listens on the port', async () => {
    const port = await freePort();
    const logger = memoryLogger();
    const m = mailer({
      smtpUrl: `smtp://user:hunter2@127.0.0.1:${port}`,
      timeoutMs: 1_000,
      logger,
    });
    const started = Date.now();

    const error: unknown = await m.send(message).then(
      () => undefined,
      (e: unknown) => e,
    );

    expect(Date.now() - started).toBeLessThan(3_000);
    expect(error).toBeInstanceOf(MailError);
    const mailError = error as MailError;
    expect(mailError.message).toContain(`smtp://127.0.0.1:${port}`);
    expect(mailError.message).not.toContain('hunter2');
    expect(mailError.code).toBe('ESOCKET');
    expect(logger.entries.map((e) => e.level)).toEqual(['warn']);
    expect(JSON.stringify(logger.entries)).not.toContain('hunter2');
    expect(JSON.stringify(logger.entries)).not.toContain('body');
  });

  it('gives up on a server that accepts the connection but never greets', async () => {
    const sockets = new Set<net.Socket>();
    const silent = net.createServer((socket) => sockets.add(socket));
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve));
    const address = silent.address();
    const port = typeof address === 'object' && address ? address.port : 0;
    try {
      const m = mailer({ smtpUrl: `smtp://127.0.0.1:${port}`, timeoutMs: 300 });
      const started = Date.now();
      await expect(m.send(message)).rejects.toBeInstanceOf(MailError);
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => silent.close(() => resolve()));
    }
  });

  it('rejects a URL that is not smtp:// or smtps:// without echoing it', () => {
    expect(() => mailer({ smtpUrl: 'https://user:pw@mail.example' })).toThrow(MailError);
    expect(() => mailer({ smtpUrl: 'not a url with secret' })).toThrow(MailError);
    try {
      mailer({ smtpUrl: 'not a url with secret' });
    } catch (error) {
      expect((error as Error).message).not.toContain('secret');
    }
  });

  it('describes smtps with its default port', () => {
    expect(mailer({ smtpUrl: 'smtps://u:p@mail.example' }).describe()).toBe(
      'SMTP smtps://mail.example:465',
    );
  });
});

describe('outbox mailer', () => {
  it('writes one parseable .eml file per message and logs the link', async () => {
    const logger = memoryLogger();
    const outboxDir = path.join(tmp, 'data', 'outbox');
    const m = mailer({ outboxDir, logger });
    expect(m.describe()).toBe(`outbox ${outboxDir}`);

    const first = passwordResetMail({
      language: 'en',
      name: 'Ann',
      link: LONG_LINK,
      expiresInHours: 1,
    });
    await m.send({ to: 'ann@example.com', ...first });
    await m.send({ to: 'bo@example.com', subject: 'Second', text: 'no link', html: '<p>x</p>' });

    const files = (await readdir(outboxDir)).sort();
    expect(files).toHaveLength(2);
    for (const file of files) {
      expect(file).toMatch(/^\d{4}-\d{2}-\d{2}T\d{2}-\d{2}-\d{2}\.\d{3}Z-[0-9a-f]{6}\.eml$/);
    }

    const parsed = await Promise.all(
      files.map(async (file) => simpleParser(await readFile(path.join(outboxDir, file)))),
    );
    const reset = parsed.find((p) => p.subject === first.subject);
    expect(reset).toBeDefined();
    expect(reset?.from?.text).toBe(FROM);
    expect(reset?.to && !Array.isArray(reset.to) ? reset.to.text : '').toBe('ann@example.com');
    expect(reset?.text).toContain(LONG_LINK);
    expect(reset?.html).toContain(LONG_LINK.replaceAll('&', '&amp;'));

    const infos = logger.entries.filter((e) => e.level === 'info');
    expect(infos).toHaveLength(2);
    expect(infos[0]?.msg).toContain(LONG_LINK);
    expect(infos[0]?.obj).toEqual({
      to: 'ann@example.com',
      subject: first.subject,
      file: expect.stringMatching(/\.eml$/),
    });
    const loggedFile = (infos[0]?.obj as { file: string }).file;
    expect(files.map((f) => path.join(outboxDir, f))).toContain(loggedFile);

    if (process.platform !== 'win32') {
      expect((await stat(outboxDir)).mode & 0o777).toBe(0o700);
      expect((await stat(loggedFile)).mode & 0o777).toBe(0o600);
    }
  });

  it('rejects with a MailError when the outbox cannot be written', async () => {
    const blocker = path.join(tmp, 'not-a-dir');
    await writeFile(blocker, 'x');
    const m = mailer({ outboxDir: blocker });
    await expect(
      m.send({ to: 'f@example.com', subject: 's', text: 't', html: 'h' }),
    ).rejects.toBeInstanceOf(MailError);
  });
});
