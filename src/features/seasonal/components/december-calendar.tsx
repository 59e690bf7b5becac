import { Trans, useLingui } from '@lingui/react/macro';
import styled from 'styled-components';
import { formatDay } from '../../../lib/format.ts';
import { decemberDoors, openDoors } from './december-doors.ts';

const Doors = styled.ol`
  display: grid;
  grid-template-columns: repeat(auto-fill, minmax(160px, 1fr));
  gap: 12px;
  padding: 0;
  margin: 0;
  list-style: none;
`;

const Door = styled.li<{ $open: boolean }>`
  min-height: 140px;
  padding: 12px;
  border-radius: ${({ theme }) => theme.radius};
  border: 1px solid ${({ theme }) => theme.colors.border};
  background: ${({ theme, $open }) => ($open ? theme.colors.surface : theme.colors.background)};
  color: ${({ theme, $open }) => ($open ? theme.colors.text : theme.colors.textMuted)};
  strong {
    display: block;
    font-size: 1.5rem;
    color: ${({ theme, $open }) => ($open ? theme.colors.primary : theme.colors.textMuted)};
  }
  time {
    font-size: 0.8125rem;
  }
  p {
    margin: 8px 0 0;
  }
`;

/**
 * The December calendar (spec §2): 24 doors, one opening each day from 1 to
 * 24 December; a door not yet open says when it opens.
 */
export function DecemberCalendar({ today }: { today: Date }) {
  const { t, i18n } = useLingui();
  const open = openDoors(today);
  const year = today.getFullYear();
  return (
    <>
      {open === 0 ? (
        <p>
          <Trans>The calendar opens its first door on 1 December.</Trans>
        </p>
      ) : null}
      <Doors aria-label={t`Doors`}>
        {decemberDoors.map((door, index) => {
          const day = index + 1;
          const date = `${year}-12-${String(day).padStart(2, '0')}`;
          const isOpen = day <= open;
          return (
            <Door key={day} $open={isOpen} aria-label={String(day)}>
              <strong>{day}</strong>
              {isOpen ? (
                <>
                  <time dateTime={date}>{formatDay(date)}</time>
                  <p>{i18n._(door)}</p>
                </>
              ) : (
                <p>
                  <Trans>
                    Opens on <time dateTime={date}>{formatDay(date)}</time>
                  </Trans>
                </p>
              )}
            </Door>
          );
        })}
      </Doors>
    </>
  );
}
