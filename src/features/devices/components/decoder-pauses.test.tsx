import { I18nProvider } from '@lingui/react';
import { act, cleanup, render, screen } from '@testing-library/react';
import { ThemeProvider } from 'styled-components';
import { afterEach, describe, expect, it } from 'vitest';
import { formatDateTime } from '../../../lib/format.ts';
import { activateLocale, i18n, type Locale } from '../../../lib/i18n.ts';
import { lightTheme } from '../../../ui/theme.ts';
import type { DecoderPause } from '../../../../contracts/device.ts';
import { DecoderPauses } from './decoder-pauses.tsx';

const pause: DecoderPause = {
  function: { id: 7, name: 'Hex decoder' },
  reason: 'The function ran longer than 1000 ms',
  timeouts: 3,
  since: '2026-01-05T12:00:00.000Z',
  until: '2026-01-05T12:05:00.000Z',
};

async function show(locale: Locale, pauses: DecoderPause[]) {
  await act(() => activateLocale(locale));
  return render(
    <I18nProvider i18n={i18n}>
      <ThemeProvider theme={lightTheme}>
        <DecoderPauses pauses={pauses} />
      </ThemeProvider>
    </I18nProvider>,
  );
}

afterEach(cleanup);

describe('paused decoders on the device page', () => {
  const until = formatDateTime(pause.until);

  it('says which decoder is paused, why and until when, in English', async () => {
    await show('en', [pause]);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      `The decoder Hex decoder is paused until ${until}: it ran into its time limit 3 times in a row.`,
    );
    expect(notice.textContent).toContain('Changing the function’s code ends the pause.');
  });

  it('says it in Danish', async () => {
    await show('da', [pause]);
    const notice = screen.getByRole('status');
    expect(notice.textContent).toContain(
      `Dekoderen Hex decoder er sat på pause til ${until}: den nåede sin tidsgrænse 3 gange i træk.`,
    );
    expect(notice.textContent).toContain('Beskeder gemmes imens uden datapunkter.');
  });

  it('shows nothing while no decoder is paused', async () => {
    const { container } = await show('en', []);
    expect(container.textContent).toBe('');
  });
});
