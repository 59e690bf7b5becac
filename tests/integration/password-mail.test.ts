import fs from 'node:fs/promises';
import path from 'node:path';
import { simpleParser } from 'mailparser';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { hashPassword } from '../../server/auth/password.ts';
import { freePort } from '../helpers/free-port.ts';
import { startSmtpSink, type ReceivedMail, type SmtpSink } from '../helpers/smtp-sink.ts';
import { startTestApp, type TestApp } from '../helpers/test-app.ts';
import { emails, PASSWORD, seedWorld, signIn, type World } from '../helpers/world.ts';

const PUBLIC_URL = 'http://console.test';
const SUBJECTS = {
  reset: { da: 'Nulstil din adgangskode til Nordlys', en: 'Reset your Nordlys password' },
  confirm: { da: 'Bekræft din konto i Nordlys', en: 'Confirm your Nordlys account' },
} as const;
const GONE = { statusCode: 404, error: 'Not Found', message: "user doesn't exist anymore" };

type Purpose = 'reset' | 'confirm';
type Language = 'da' | 'en';

/** The link of the given kind in a mail's text, and the token taken from its path. */
function linkIn(text: string, purpose: Purpose, language: Language) {
  const pattern = new RegExp(
    `${PUBLIC_URL.replaceAll('.', '\\.')}/password/${purpose}/${language}/[A-Za-z0-9_-]+`,
  );
  const link = pattern.exec(text)?.[0];
  if (!link) throw new Error(`no ${purpose}/${language} link in the mail:\n${text}`);
  const segments = new URL(link).pathname.split('/');
  const token = segments.at(-1) ?? '';
  expect(segments).toEqual(['', 'password', purpose, language, token]);
  expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);
  return { link, token };
}

/** Inserts an active, confirmed user of its own, so no test depends on another's passwords. */
async function insertUser(t: TestApp, orgUuid: string, email: string) {
  const row = await t.database.db
    .insertInto('users')
    .values({
      email,
      username: email,
      org_uuid: orgUuid,
      group_id: 3,
      first_name: 'Test',
      last_name: 'Person',
      password_hash: await hashPassword(PASSWORD),
      confirmed_at: new Date(),
      active: true,
    })
    .returning('uuid')
    .executeTakeFirstOrThrow();
  return row.uuid;
}

describe('password and confirmation mails through a real SMTP server', () => {
  let sink: SmtpSink;
  let t: TestApp;
  let world: World;
  let manager: string;

  beforeAll(async () => {
    sink = await startSmtpSink();
    t = await startTestApp({ env: { SMTP_URL: sink.url, PUBLIC_URL } });
    world = await seedWorld(t.database.db);
    manager = await signIn(t.app, emails.managerA);
  });

  afterAll(async () => {
    await t.close();
    await sink.close();
  });

  /** The first mail to `to` that arrived after `mark` messages, waiting up to 5 s. */
  async function mailTo(to: string, mark: number): Promise<ReceivedMail> {
    const deadline = Date.now() + 5_000;
    for (;;) {
      const mail = sink.messages.slice(mark).find((m) => m.to.includes(to));
      if (mail) return mail;
      if (Date.now() > deadline) throw new Error(`no mail to ${to} arrived within 5 s`);
      await new Promise((resolve) => setTimeout(resolve, 25));
    }
  }

  const forgot = (email: string) =>
    t.app.inject({ method: 'POST', url: '/api/entity/user/forgotpassword', payload: { email } });

  /** Asks for a reset link and returns the mail it came in. */
  async function requestReset(email: string) {
    const mark = sink.messages.length;
    const res = await forgot(email);
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });
    return mailTo(email, mark);
  }

  const setPassword = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/entity/user/forgotpassword/set',
      payload: { token, newPassword },
    });

  const confirm = (token: string, newPassword: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/entity/user/confirm',
      payload: { token, newPassword },
    });

  const basic = (username: string, password: string) =>
    t.app.inject({ method: 'POST', url: '/api/auth/basic', payload: { username, password } });

  const me = (token: string) =>
    t.app.inject({
      method: 'GET',
      url: '/api/auth/user',
      headers: { authorization: `Bearer ${token}` },
    });

  const asManager = (method: 'GET' | 'POST' | 'PUT', url: string, payload?: object) =>
    t.app.inject({
      method,
      url,
      headers: { authorization: `Bearer ${manager}` },
      ...(payload === undefined ? {} : { payload }),
    });

  /** Creates a user as managerA and returns it with the confirmation mail it was sent. */
  async function createUser(payload: Record<string, unknown>) {
    const mark = sink.messages.length;
    const res = await asManager('POST', '/api/entity/user', payload);
    expect(res.statusCode).toBe(201);
    const user = res.json<{ uuid: string; email: string; confirmationMailSent: boolean }>();
    expect(user.confirmationMailSent).toBe(true);
    return { user, mail: await mailTo(String(payload.email), mark) };
  }

  it('forgot password: a Danish mail whose link sets a new password and ends old sessions', async () => {
    const email = emails.userA1;
    const before = await signIn(t.app, email);
    expect((await me(before)).statusCode).toBe(200);

    const mail = await requestReset(email);
    expect(mail.to).toEqual([email]);
    expect(mail.envelope.to).toEqual([email]);
    expect(mail.from).toContain('no-reply@console.test');
    expect(mail.subject).toBe(SUBJECTS.reset.da);
    expect(mail.text).toContain('Hej Asta Test,');
    const { link, token } = linkIn(mail.text, 'reset', 'da');
    expect(mail.html).toContain(`href="${link}"`);

    const set = await setPassword(token, 'a-brand-new-password');
    expect(set.statusCode).toBe(200);
    expect(set.json()).toEqual({ ok: true, uuid: world.users.userA1 });

    expect((await basic(email, 'a-brand-new-password')).statusCode).toBe(200);
    expect((await basic(email, PASSWORD)).statusCode).toBe(401);
    expect((await me(before)).statusCode).toBe(401);

    // The same link once more: it was used up.
    const again = await setPassword(token, 'yet-another-password');
    expect(again.statusCode).toBe(404);
    expect(again.json()).toEqual(GONE);
    expect((await basic(email, 'a-brand-new-password')).statusCode).toBe(200);
  });

  it('writes the reset mail in English for a user whose language is en', async () => {
    const superToken = await signIn(t.app, emails.super);
    const put = await t.app.inject({
      method: 'PUT',
      url: `/api/entity/user/${world.users.userB}`,
      headers: { authorization: `Bearer ${superToken}` },
      payload: { language: 'en' },
    });
    expect(put.statusCode).toBe(200);
    expect(put.json()).toMatchObject({ language: 'en' });

    const mail = await requestReset(emails.userB);
    expect(mail.to).toEqual([emails.userB]);
    expect(mail.subject).toBe(SUBJECTS.reset.en);
    expect(mail.text).toContain('Hi Birte Test,');
    expect(mail.text).toContain('The link expires in 1 hour.');
    const { token } = linkIn(mail.text, 'reset', 'en');

    const set = await setPassword(token, 'english-password-1');
    expect(set.statusCode).toBe(200);
    expect((await basic(emails.userB, 'english-password-1')).statusCode).toBe(200);
  });

  it('refuses an expired reset link with the same 404', async () => {
    const email = 'expiring@world.test';
    const uuid = await insertUser(t, world.orgs.beta, email);
    const { token } = linkIn((await requestReset(email)).text, 'reset', 'da');

    const updated = await t.database.db
      .updateTable('user_tokens')
      .set({ expires_at: new Date(Date.now() - 60_000) })
      .where('user_uuid', '=', uuid)
      .where('purpose', '=', 'reset')
      .where('used_at', 'is', null)
      .executeTakeFirst();
    expect(Number(updated.numUpdatedRows)).toBe(1);

    const res = await setPassword(token, 'too-late-password');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual(GONE);
    expect((await basic(email, PASSWORD)).statusCode).toBe(200);
    expect((await basic(email, 'too-late-password')).statusCode).toBe(401);
  });

  it('a second forgot request makes the first link stop working', async () => {
    const email = 'twice@world.test';
    await insertUser(t, world.orgs.beta, email);
    const first = linkIn((await requestReset(email)).text, 'reset', 'da');
    const second = linkIn((await requestReset(email)).text, 'reset', 'da');
    expect(second.token).not.toBe(first.token);

    const old = await setPassword(first.token, 'from-the-first-link');
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(GONE);
    const fresh = await setPassword(second.token, 'from-the-second-link');
    expect(fresh.statusCode).toBe(200);
    expect((await basic(email, 'from-the-second-link')).statusCode).toBe(200);
  });

  it('answers 404 for an unknown e-mail and sends nothing', async () => {
    const mark = sink.messages.length;
    const res = await forgot('nobody-here@world.test');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      statusCode: 404,
      error: 'Not Found',
      message: "email doesn't exist",
    });
    await new Promise((resolve) => setTimeout(resolve, 500));
    expect(sink.messages.slice(mark)).toEqual([]);
  });

  it('a new user confirms the account from the mailed link, once', async () => {
    const email = 'new.person@world.test';
    const { user, mail } = await createUser({
      email,
      orgUuid: world.orgs.alpha,
      firstName: 'Nina',
      language: 'en',
    });
    expect(user).toMatchObject({ email, confirmed: false, org: { uuid: world.orgs.alpha } });
    expect(mail.to).toEqual([email]);
    expect(mail.subject).toBe(SUBJECTS.confirm.en);
    expect(mail.text).toContain('Hi Nina,');
    expect(mail.text).toContain('You have been given an account in Alpha on Nordlys.');
    expect(mail.text).toContain('The link expires in 3 days.');
    const { token } = linkIn(mail.text, 'confirm', 'en');

    expect((await basic(email, 'chosen-password-1')).statusCode).toBe(401);

    const res = await confirm(token, 'chosen-password-1');
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true, uuid: user.uuid, email });

    expect((await basic(email, 'chosen-password-1')).statusCode).toBe(200);
    const seen = await asManager('GET', `/api/entity/user/${user.uuid}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ uuid: user.uuid, confirmed: true });

    const reuse = await confirm(token, 'chosen-password-2');
    expect(reuse.statusCode).toBe(404);
    expect(reuse.json()).toEqual(GONE);
    expect((await basic(email, 'chosen-password-2')).statusCode).toBe(401);
  });

  it('resends the confirmation mail: the new link works and the older one stops', async () => {
    const email = 'resend.me@world.test';
    const { user, mail } = await createUser({ email, orgUuid: world.orgs.alpha });
    expect(mail.subject).toBe(SUBJECTS.confirm.da);
    const first = linkIn(mail.text, 'confirm', 'da');

    const mark = sink.messages.length;
    const resend = await asManager('POST', `/api/entity/user/${user.uuid}/resendconfirmmail`, {});
    expect(resend.statusCode).toBe(200);
    expect(resend.json()).toEqual({ ok: true });
    const again = await mailTo(email, mark);
    expect(again.subject).toBe(SUBJECTS.confirm.da);
    const second = linkIn(again.text, 'confirm', 'da');
    expect(second.token).not.toBe(first.token);

    const old = await confirm(first.token, 'resent-password-1');
    expect(old.statusCode).toBe(404);
    expect(old.json()).toEqual(GONE);
    const ok = await confirm(second.token, 'resent-password-1');
    expect(ok.statusCode).toBe(200);
    expect((await basic(email, 'resent-password-1')).statusCode).toBe(200);

    const confirmedMark = sink.messages.length;
    const done = await asManager('POST', `/api/entity/user/${user.uuid}/resendconfirmmail`, {});
    expect(done.statusCode).toBe(409);
    const seeded = await asManager(
      'POST',
      `/api/entity/user/${world.users.userA}/resendconfirmmail`,
      {},
    );
    expect(seeded.statusCode).toBe(409);
    expect(sink.messages.slice(confirmedMark)).toEqual([]);
  });

  it('applies the password rules on set and confirm without using up the link', async () => {
    const resetEmail = 'rules.reset@world.test';
    await insertUser(t, world.orgs.beta, resetEmail);
    const reset = linkIn((await requestReset(resetEmail)).text, 'reset', 'da');
    const { mail } = await createUser({
      email: 'rules.confirm@world.test',
      orgUuid: world.orgs.alpha,
    });
    const confirmation = linkIn(mail.text, 'confirm', 'da');

    const rules: [string, string][] = [
      ['', 'Password cannot be empty!'],
      ['short', 'Password must contain at least 8 characters!'],
    ];
    for (const [password, message] of rules) {
      for (const res of [
        await setPassword(reset.token, password),
        await confirm(confirmation.token, password),
      ]) {
        expect(res.statusCode).toBe(400);
        expect(res.json()).toEqual({ statusCode: 400, error: 'Bad Request', message });
      }
    }

    expect((await setPassword(reset.token, 'long-enough-1')).statusCode).toBe(200);
    expect((await confirm(confirmation.token, 'long-enough-2')).statusCode).toBe(200);
    expect((await basic(resetEmail, 'long-enough-1')).statusCode).toBe(200);
    expect((await basic('rules.confirm@world.test', 'long-enough-2')).statusCode).toBe(200);
  });
});

describe('mail without SMTP_URL goes to the outbox', () => {
  let t: TestApp;

  beforeAll(async () => {
    t = await startTestApp({ env: { PUBLIC_URL } });
    await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  it('writes one .eml file whose reset link works', async () => {
    const outbox = path.join(t.config.dataDir, 'outbox');
    const res = await t.app.inject({
      method: 'POST',
      url: '/api/entity/user/forgotpassword',
      payload: { email: emails.userA },
    });
    expect(res.statusCode).toBe(200);
    expect(res.json()).toEqual({ ok: true });

    const files = (await fs.readdir(outbox)).filter((name) => name.endsWith('.eml'));
    expect(files).toHaveLength(1);
    const mail = await simpleParser(await fs.readFile(path.join(outbox, files[0] ?? '')));
    expect(mail.subject).toBe(SUBJECTS.reset.da);
    expect(mail.to && !Array.isArray(mail.to) ? mail.to.text : '').toBe(emails.userA);
    const { token } = linkIn(mail.text ?? '', 'reset', 'da');

    const set = await t.app.inject({
      method: 'POST',
      url: '/api/entity/user/forgotpassword/set',
      payload: { token, newPassword: 'from-the-outbox' },
    });
    expect(set.statusCode).toBe(200);
    expect((await signIn(t.app, emails.userA, 'from-the-outbox')).length).toBeGreaterThan(0);
  });
});

describe('an unreachable SMTP server', () => {
  let t: TestApp;
  let smtpUrl: string;
  let world: World;

  beforeAll(async () => {
    // A port that was free a moment ago: nothing listens there, so connecting is refused.
    smtpUrl = `smtp://127.0.0.1:${await freePort()}`;
    t = await startTestApp({ env: { SMTP_URL: smtpUrl, PUBLIC_URL } });
    world = await seedWorld(t.database.db);
  });

  afterAll(async () => {
    await t.close();
  });

  it('still creates the user, says the mail was not sent, and keeps serving', async () => {
    const manager = await signIn(t.app, emails.managerA);
    const as = (method: 'GET' | 'POST', url: string, payload?: object) =>
      t.app.inject({
        method,
        url,
        headers: { authorization: `Bearer ${manager}` },
        ...(payload === undefined ? {} : { payload }),
      });

    const created = await as('POST', '/api/entity/user', {
      email: 'no.mail@world.test',
      orgUuid: world.orgs.alpha,
    });
    expect(created.statusCode).toBe(201);
    const user = created.json<{ uuid: string; confirmationMailSent: boolean }>();
    expect(user.confirmationMailSent).toBe(false);
    const seen = await as('GET', `/api/entity/user/${user.uuid}`);
    expect(seen.statusCode).toBe(200);
    expect(seen.json()).toMatchObject({ email: 'no.mail@world.test', confirmed: false });

    // Resending cannot succeed. Observed: the mailer's error reaches the generic error
    // handler, a 500 that names only the request id (see the test report).
    const resend = await as('POST', `/api/entity/user/${user.uuid}/resendconfirmmail`, {});
    expect(resend.statusCode).toBeGreaterThanOrEqual(500);
    const body = resend.json<{ statusCode: number; message: string; ok?: boolean }>();
    expect(body.ok).toBeUndefined();
    expect(body.statusCode).toBe(resend.statusCode);
    expect(resend.body).not.toContain(smtpUrl.replace('smtp://', ''));

    // The app is still up and the user unchanged.
    const after = await as('GET', `/api/entity/user/${user.uuid}`);
    expect(after.statusCode).toBe(200);
    expect(after.json()).toMatchObject({ confirmed: false });
  });
});
