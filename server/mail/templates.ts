/**
 * The e-mails Nordlys sends, in Danish and English. Each renders to a plain-text part (for
 * clients that show no HTML, and for the outbox log) and a small inline-styled HTML part, since
 * many mail clients strip <style> blocks.
 */

export type MailLanguage = 'da' | 'en';

export interface RenderedMail {
  subject: string;
  text: string;
  html: string;
}

const PRODUCT = 'Nordlys';

interface Copy {
  language: MailLanguage;
  greeting(name: string): string;
  validity(duration: string): string;
  duration(amount: number, unit: 'minute' | 'hour' | 'day'): string;
  sourceHint: string;
  signOff: string;
  reset: {
    subject: string;
    intro: string;
    button: string;
    ignore: string;
  };
  confirm: {
    subject: string;
    intro(organisation: string): string;
    button: string;
    ignore: string;
  };
}

const da: Copy = {
  language: 'da',
  greeting: (name) => (name ? `Hej ${name},` : 'Hej,'),
  validity: (duration) => `Linket udløber om ${duration}.`,
  duration: (amount, unit) => {
    const words = {
      minute: ['minut', 'minutter'],
      hour: ['time', 'timer'],
      day: ['dag', 'dage'],
    } as const;
    return `${amount} ${words[unit][amount === 1 ? 0 : 1]}`;
  },
  sourceHint: 'Virker knappen ikke? Kopiér dette link ind i din browser:',
  signOff: `Venlig hilsen\n${PRODUCT}`,
  reset: {
    subject: `Nulstil din adgangskode til ${PRODUCT}`,
    intro: `Vi har modtaget en anmodning om at nulstille adgangskoden til din konto i ${PRODUCT}. Åbn linket herunder for at vælge en ny adgangskode:`,
    button: 'Vælg ny adgangskode',
    ignore:
      'Hvis du ikke har bedt om at nulstille din adgangskode, kan du se bort fra denne e-mail. Din adgangskode forbliver uændret.',
  },
  confirm: {
    subject: `Bekræft din konto i ${PRODUCT}`,
    intro: (organisation) =>
      organisation
        ? `Du har fået en konto hos ${organisation} i ${PRODUCT}. Bekræft kontoen ved at vælge en adgangskode via linket herunder:`
        : `Du har fået en konto i ${PRODUCT}. Bekræft kontoen ved at vælge en adgangskode via linket herunder:`,
    button: 'Vælg adgangskode',
    ignore: 'Hvis du ikke forventede denne e-mail, kan du se bort fra den.',
  },
};

const en: Copy = {
  language: 'en',
  greeting: (name) => (name ? `Hi ${name},` : 'Hello,'),
  validity: (duration) => `The link expires in ${duration}.`,
  duration: (amount, unit) => `${amount} ${unit}${amount === 1 ? '' : 's'}`,
  sourceHint: 'Button not working? Copy this link into your browser:',
  signOff: `Kind regards\n${PRODUCT}`,
  reset: {
    subject: `Reset your ${PRODUCT} password`,
    intro: `We received a request to reset the password for your ${PRODUCT} account. Open the link below to choose a new password:`,
    button: 'Choose a new password',
    ignore:
      'If you did not ask to reset your password, you can ignore this e-mail. Your password will stay the same.',
  },
  confirm: {
    subject: `Confirm your ${PRODUCT} account`,
    intro: (organisation) =>
      organisation
        ? `You have been given an account in ${organisation} on ${PRODUCT}. Confirm it by choosing a password through the link below:`
        : `You have been given an account on ${PRODUCT}. Confirm it by choosing a password through the link below:`,
    button: 'Choose a password',
    ignore: 'If you were not expecting this e-mail, you can ignore it.',
  },
};

// Danish is the default: anything but an explicit 'en' (say, an unexpected value read from the
// database) gets Danish rather than an exception at send time.
function copyFor(language: MailLanguage): Copy {
  return language === 'en' ? en : da;
}

/** Whole days read better than "168 hours"; a single day stays "24 hours" as people say. */
function formatDuration(copy: Copy, hours: number): string {
  const minutes = Math.max(1, Math.round(hours * 60));
  if (minutes % (24 * 60) === 0 && minutes >= 48 * 60) {
    return copy.duration(minutes / (24 * 60), 'day');
  }
  if (minutes % 60 === 0) return copy.duration(minutes / 60, 'hour');
  return copy.duration(minutes, 'minute');
}

const HTML_ESCAPES: Record<string, string> = {
  '&': '&amp;',
  '<': '&lt;',
  '>': '&gt;',
  '"': '&quot;',
  "'": '&#39;',
};

function escapeHtml(value: string): string {
  return value.replace(/[&<>"']/g, (ch) => HTML_ESCAPES[ch] ?? ch);
}

interface Parts {
  subject: string;
  greeting: string;
  intro: string;
  button: string;
  link: string;
  validity: string;
  after: string;
  copy: Copy;
}

function render(parts: Parts): RenderedMail {
  const { copy } = parts;
  // The link sits alone on its line so mail clients auto-link it whole and nothing wraps it.
  const text = [
    parts.greeting,
    '',
    parts.intro,
    '',
    parts.link,
    '',
    parts.validity,
    '',
    parts.after,
    '',
    copy.signOff,
    '',
  ].join('\n');

  const font = "font-family:-apple-system,'Segoe UI',Roboto,Helvetica,Arial,sans-serif";
  const p = `margin:0 0 16px;font-size:15px;line-height:1.5;color:#1f2933`;
  const link = escapeHtml(parts.link);
  const html = `<!DOCTYPE html>
<html lang="${copy.language}">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(parts.subject)}</title>
</head>
<body style="margin:0;padding:0;background:#f4f6f8;${font}">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="background:#f4f6f8">
<tr><td align="center" style="padding:24px 12px">
<table role="presentation" width="100%" cellspacing="0" cellpadding="0" style="max-width:560px;background:#ffffff;border-radius:8px">
<tr><td style="padding:32px;${font}">
<p style="margin:0 0 24px;font-size:20px;font-weight:700;color:#0b3954">${PRODUCT}</p>
<p style="${p}">${escapeHtml(parts.greeting)}</p>
<p style="${p}">${escapeHtml(parts.intro)}</p>
<p style="margin:24px 0"><a href="${link}" style="display:inline-block;padding:12px 24px;background:#0b3954;color:#ffffff;text-decoration:none;border-radius:6px;font-size:15px;font-weight:600">${escapeHtml(parts.button)}</a></p>
<p style="${p}">${escapeHtml(parts.validity)}</p>
<p style="margin:0 0 4px;font-size:13px;line-height:1.5;color:#52606d">${escapeHtml(copy.sourceHint)}</p>
<p style="margin:0 0 16px;font-size:13px;line-height:1.5;word-break:break-all"><a href="${link}" style="color:#0b3954">${link}</a></p>
<p style="${p}">${escapeHtml(parts.after)}</p>
<p style="margin:24px 0 0;font-size:15px;line-height:1.5;color:#1f2933">${copy.signOff
    .split('\n')
    .map(escapeHtml)
    .join('<br>')}</p>
</td></tr>
</table>
</td></tr>
</table>
</body>
</html>
`;
  return { subject: parts.subject, text, html };
}

export function passwordResetMail(input: {
  language: MailLanguage;
  name: string;
  link: string;
  expiresInHours: number;
}): RenderedMail {
  const copy = copyFor(input.language);
  return render({
    subject: copy.reset.subject,
    greeting: copy.greeting(input.name.trim()),
    intro: copy.reset.intro,
    button: copy.reset.button,
    link: input.link,
    validity: copy.validity(formatDuration(copy, input.expiresInHours)),
    after: copy.reset.ignore,
    copy,
  });
}

export function confirmAccountMail(input: {
  language: MailLanguage;
  name: string;
  link: string;
  organisation: string;
  expiresInHours: number;
}): RenderedMail {
  const copy = copyFor(input.language);
  return render({
    subject: copy.confirm.subject,
    greeting: copy.greeting(input.name.trim()),
    intro: copy.confirm.intro(input.organisation.trim()),
    button: copy.confirm.button,
    link: input.link,
    validity: copy.validity(formatDuration(copy, input.expiresInHours)),
    after: copy.confirm.ignore,
    copy,
  });
}
