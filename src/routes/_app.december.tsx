import { msg } from '@lingui/core/macro';
import { useLingui } from '@lingui/react/macro';
import { createFileRoute } from '@tanstack/react-router';
import { DecemberCalendar } from '../features/seasonal/components/december-calendar.tsx';
import { PageTitle } from '../ui/card.tsx';

export const Route = createFileRoute('/_app/december')({
  staticData: { title: msg`December calendar` },
  component: DecemberPage,
});

function DecemberPage() {
  const { t } = useLingui();
  return (
    <>
      <PageTitle>{t`December calendar`}</PageTitle>
      <DecemberCalendar today={new Date()} />
    </>
  );
}
